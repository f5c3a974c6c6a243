import { describe, expect, it } from 'vitest';
import { toPendingId } from '../game/links.ts';
import { placeholderName } from './admin-scenes-links.ts';

describe('placeholderName', () => {
  it("keeps the author's wording when an option says it", () => {
    const id = toPendingId("Dex's Garage");
    expect(id).toBe('pending-dexs-garage');
    expect(placeholderName(id, ['Leave', "Dex's Garage"])).toBe("Dex's Garage");
  });

  it('falls back to the words of the pending id', () => {
    expect(placeholderName('pending-pro-shoot', ['Hire a photographer'])).toBe('Pro shoot');
  });
});
