import { describe, expect, it } from 'vitest';
import { newSceneId, newSceneReturn, newSceneTitle } from './scene-new.tsx';

describe('the new-scene editor heading', () => {
  it("names the ID the Scene ID field shows, a placeholder's slug without 'pending-'", () => {
    expect(newSceneId('pending-hat-fair')).toBe('hat-fair');
    expect(newSceneTitle('pending-hat-fair')).toBe('New Scene: hat-fair');
    expect(newSceneTitle(' market ')).toBe('New Scene: market');
    expect(newSceneTitle(null)).toBe('Create New Scene');
    expect(newSceneTitle('pending-')).toBe('Create New Scene');
  });
});

describe("the new scene's 'Save & Return'", () => {
  it('returns to the scene whose placeholder it writes, else to the list', () => {
    expect(newSceneReturn('d1 robots')).toBe('/admin/scenes/d1%20robots');
    expect(newSceneReturn(null)).toBe('/admin/scenes');
    expect(newSceneReturn('  ')).toBe('/admin/scenes');
  });
});
