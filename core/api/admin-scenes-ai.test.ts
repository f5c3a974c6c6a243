import { describe, expect, it } from 'vitest';
import { partialDraftText } from './admin-scenes-ai.ts';

describe('partialDraftText', () => {
  it('shows the description as far as it has arrived, escapes decoded', () => {
    expect(partialDraftText('```json\n{"description": "Rain hits\\nthe mar')).toBe(
      'Rain hits\nthe mar',
    );
    expect(partialDraftText('{"description":"Done \\"quoted\\" \\u00e9.", "options": [')).toBe(
      'Done "quoted" é.',
    );
  });

  it('shows the raw text before a description starts, and stops at a cut escape', () => {
    expect(partialDraftText('```json\n{"desc')).toBe('{"desc');
    expect(partialDraftText('{"description": "Half \\')).toBe('Half ');
  });
});
