import { describe, expect, it } from 'vitest';
import { type Bundle, validateBundle } from './format.ts';
import { parseTwee, toTwee } from './twee.ts';
import { safeJson } from './twee-block.ts';

const story = {
  ifid: 'A1B2C3D4-0000-4000-8000-000000000001',
  title: 'Test',
  format: null,
  formatVersion: null,
};

/** An adventure with what Twee makes hard: odd titles and option texts, URL options, positions. */
const bundle: Bundle = validateBundle({
  format: 'seo-adventure',
  version: 1,
  scenes: [
    {
      id: 'intro',
      title: 'Start -> Here | [now]',
      description: ':: not a header\nLine two',
      is_start: true,
      day: 1,
      stats_config: [{ id: 'gold', name: 'Budget', defaultValue: 30 }],
    },
    { id: 'twin-a', title: 'Twin', description: 'A', subtitle: 'first' },
    { id: 'twin-b', title: 'Twin', description: 'B', is_ending: true },
    { id: 'story-init', title: 'StoryInit', description: null, is_end_of_day: true },
  ],
  options: [
    {
      id: 'o1',
      scenario_id: 'intro',
      text: 'Go -> left | or <- right',
      next_scenario_id: 'twin-a',
      position: 3,
      stats_changes: { gold: -5 },
    },
    {
      id: 'o2',
      scenario_id: 'intro',
      text: 'Visit the shop',
      next_url: 'https://example.com/?a=<b>',
      position: 1,
      button_icon: 'shop',
    },
    {
      id: 'o3',
      scenario_id: 'intro',
      text: 'Same words',
      next_scenario_id: 'twin-b',
      position: 7,
      required_items: ['Key'],
    },
    {
      id: 'o4',
      scenario_id: 'intro',
      text: 'Same words',
      next_scenario_id: 'story-init',
      position: 8,
      required_stats: { gold: 10 },
    },
    {
      id: 'o5',
      scenario_id: 'twin-a',
      text: 'Onward',
      next_scenario_id: 'pending-shop',
      position: 0,
    },
  ],
  news: [],
  settings: [{ key: 'seo_settings', value: { title: 'Hats --> more hats' } }],
});

const noTimes = (b: Bundle) =>
  JSON.parse(
    JSON.stringify({ scenes: b.scenes, options: b.options, news: b.news, settings: b.settings }),
    (k, v) => (k === 'created_at' || k === 'updated_at' ? undefined : v),
  );
const sorted = (b: Bundle) => ({
  ...b,
  options: [...(b.options ?? [])].sort((x, y) => x.id.localeCompare(y.id)),
});

describe('Twee export read back', () => {
  const twee = toTwee(bundle, story);

  it('changes nothing, however odd the titles and texts', () => {
    expect(noTimes(sorted(parseTwee(twee).bundle))).toEqual(noTimes(sorted(bundle)));
  });

  it('gives passages unique, link-safe, unreserved names and headers with position only', () => {
    const headers = twee.split('\n').filter((l) => l.startsWith(':: '));
    expect(headers.map((h) => h.replace(/ \{.*\}$/, ''))).toEqual([
      ':: StoryTitle',
      ':: StoryData',
      ':: Start Here now [start]',
      ':: Twin',
      ':: Twin (twin-b) [ending]',
      ':: StoryInit (story-init) [end-of-day]',
      ':: SEO Adventure World [seo-adventure-world]',
    ]);
    expect(twee).toContain('\\:: not a header');
    expect(twee).not.toMatch(/-->[^\n]/);
    expect(twee).not.toContain('"format"');
  });

  it('keeps ids and game data when a passage is renamed and a link text edited in Twine', () => {
    const edited = twee
      .replaceAll('Twin (twin-b)', 'The Other Twin')
      .replace('[[Same words->The Other Twin]]', '[[Different words->The Other Twin]]');
    const back = parseTwee(edited).bundle;
    expect(back.scenes?.find((s) => s.id === 'twin-b')?.title).toBe('The Other Twin');
    const o3 = back.options?.find((o) => o.id === 'o3');
    expect(o3).toMatchObject({
      text: 'Different words',
      next_scenario_id: 'twin-b',
      required_items: ['Key'],
    });
  });

  it('gives a link added in Twine its own option, and says when a link lost its game data', () => {
    const added = twee.replace(
      '[[Onward->pending-shop]]',
      '[[Onward->pending-shop]]\n[[Back->Twin (twin-b)]]',
    );
    const back = parseTwee(added).bundle;
    expect(
      back.options?.filter((o) => o.scenario_id === 'twin-a').map((o) => [o.id, o.text]),
    ).toEqual([
      ['o5', 'Onward'],
      ['twin-a--back', 'Back'],
    ]);
    const removed = parseTwee(twee.replace('[[Onward->pending-shop]]', ''));
    expect(removed.warnings.map((w) => w.message)).toContain(
      'Game data for the link "Onward" is dropped: the passage has no such link any more.',
    );
  });
});

describe('game data lines', () => {
  it('hold no link, no comment end, and read back as the same JSON', () => {
    const value = { text: 'Go [[now]] --> <b>', grid: [[1, [2]], [[3]]], s: '\\[' };
    const written = safeJson(value);
    expect(written).not.toMatch(/\[\[|\]\]|-->|</);
    expect(JSON.parse(written)).toEqual(value);
  });
});
