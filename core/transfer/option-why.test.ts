import { describe, expect, it } from 'vitest';
import { validateBundle } from './format.ts';
import { parseTwee, toTwee } from './twee.ts';

const file = (option: Record<string, unknown>) => ({
  format: 'seo-adventure',
  version: 1,
  scenes: [
    { id: 'intro', title: 'Intro', is_start: true },
    { id: 'next', title: 'Next' },
  ],
  options: [{ id: 'o1', scenario_id: 'intro', text: 'Go', next_scenario_id: 'next', ...option }],
});

describe("an option's why line in the adventure file", () => {
  it('is read trimmed; a file without it (or a blank one) still imports, with none', () => {
    const why = 'Links people give freely are the ones search engines count.';
    expect(validateBundle(file({ why: ` ${why} ` })).options?.[0]?.why).toBe(why);
    expect(validateBundle(file({})).options?.[0]?.why).toBeNull();
    expect(validateBundle(file({ why: '  ' })).options?.[0]?.why).toBeNull();
    expect(validateBundle(file({ why: null })).options?.[0]?.why).toBeNull();
  });

  it('refuses one over 300 characters, naming the option', () => {
    expect(() => validateBundle(file({ why: 'x'.repeat(301) }))).toThrow(
      /options\[0\]\.why: the why line must be at most 300 characters/,
    );
  });

  it('survives a Twee round trip', () => {
    const why = 'Descriptive titles help people choose the page.';
    const twee = toTwee(validateBundle(file({ why })), {
      ifid: 'A1B2C3D4-0000-4000-8000-000000000001',
      title: 'T',
      format: null,
      formatVersion: null,
    });
    expect(parseTwee(twee).bundle.options?.[0]?.why).toBe(why);
  });
});
