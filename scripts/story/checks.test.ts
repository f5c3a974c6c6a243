import { describe, expect, it } from 'vitest';
import { checkScope, checkStory, reachableFrom } from './checks.ts';
import { option, scene, smallStory, words } from './test-story.ts';
import type { StoryScene } from './types.ts';

/** The small story with one scene changed. */
function withScene(id: string, change: (s: StoryScene) => StoryScene): StoryScene[] {
  return smallStory().map((s) => (s.id === id ? change(s) : s));
}

const messages = (scenes: StoryScene[]) =>
  checkStory(scenes).map((p) => `${p.where}: ${p.message}`);

describe('checkStory', () => {
  it('finds nothing wrong with a valid story', () => {
    expect(checkStory(smallStory())).toEqual([]);
  });

  it('names the scene and option of a broken link, but allows pending- links', () => {
    const broken = withScene('mid', (s) => ({
      ...s,
      options: [...s.options, option('mid', 3, 'nowhere')],
    }));
    expect(messages(broken)).toContain(
      "scene 'mid' option 'mid--3': links to missing scene 'nowhere'",
    );
    const pending = withScene('mid', (s) => ({
      ...s,
      options: [...s.options, option('mid', 3, 'pending-shop')],
    }));
    expect(checkStory(pending)).toEqual([]);
  });

  it('reports scenes unreachable from intro, and endings no path reaches', () => {
    const story = [
      ...smallStory(),
      scene('island', { options: [option('island', 1, 'win'), option('island', 2, 'lose')] }),
      scene('orphan-end', { is_ending: true }),
    ];
    expect(messages(story)).toEqual([
      "scene 'island': is unreachable from intro",
      "scene 'orphan-end': ending is reached by no path from intro",
    ]);
  });

  it('reports a non-ending scene without options, and endings with options', () => {
    const noOptions = withScene('mid', (s) => ({ ...s, options: [] }));
    expect(messages(noOptions)).toContain("scene 'mid': non-ending scene has no options");
    const endingWithOptions = withScene('win', (s) => ({
      ...s,
      options: [option('win', 1, 'lose'), option('win', 2, 'lose')],
    }));
    expect(messages(endingWithOptions)).toContain(
      "scene 'win': ending scene has 2 options; endings show none",
    );
  });

  it('reports option counts outside 2-4', () => {
    const one = withScene('mid', (s) => ({ ...s, options: s.options.slice(1) }));
    expect(messages(one)).toContain("scene 'mid': has 1 options (allowed 2-4)");
    const five = withScene('mid', (s) => ({
      ...s,
      options: [1, 2, 3, 4, 5].map((n) => option('mid', n, 'lose')),
    }));
    expect(messages(five)).toContain("scene 'mid': has 5 options (allowed 2-4)");
  });

  it('reports descriptions outside 80-250 words, and accepts the limits', () => {
    const at = (n: number) => messages(withScene('mid', (s) => ({ ...s, description: words(n) })));
    expect(at(79)).toEqual(["scene 'mid': description has 79 words (allowed 80-250)"]);
    expect(at(251)).toEqual(["scene 'mid': description has 251 words (allowed 80-250)"]);
    expect(at(80)).toEqual([]);
    expect(at(250)).toEqual([]);
  });

  it('reports invalid stats_config: unusable, invalid entries, unknown stats', () => {
    const config = (stats_config: unknown[]) =>
      messages(withScene('mid', (s) => ({ ...s, stats_config })));
    expect(config([{ id: 'gold' }])).toEqual([
      "scene 'mid': stats_config is not usable (no valid entry)",
    ]);
    expect(
      config([
        { id: 'gold', defaultValue: 5 },
        { id: 'health', defaultValue: 'lots' },
      ]),
    ).toEqual([
      "scene 'mid': stats_config has 1 invalid or repeated entries (each needs an id and a numeric defaultValue)",
    ]);
    expect(config([{ id: 'mana', defaultValue: 5 }])).toEqual([
      "scene 'mid': stats_config names unknown stat 'mana'",
    ]);
  });

  it('reports duplicate scene and option ids', () => {
    const story = smallStory();
    story.push(scene('lose', { day: 2, is_ending: true }));
    story[2]!.options[1]!.id = 'mid--1';
    expect(messages(story)).toEqual(
      expect.arrayContaining([
        "scene 'lose': scene id is used more than once",
        "option 'mid--1': option id is used more than once",
      ]),
    );
  });

  it('reports a missing intro, an intro without every stat, and a second start scene', () => {
    expect(messages(smallStory().filter((s) => s.id !== 'intro'))).toContain(
      "story: there is no 'intro' scene",
    );
    const partial = withScene('intro', (s) => ({
      ...s,
      stats_config: [{ id: 'gold', defaultValue: 1 }],
    }));
    expect(messages(partial)).toEqual([
      "scene 'intro': stats_config lacks health, strength, intelligence, charisma, delusion, revenue",
    ]);
    const twoStarts = withScene('mid', (s) => ({ ...s, is_start: true }));
    expect(messages(twoStarts)).toContain("scene 'mid': only intro may have is_start");
  });

  it('reports item names that miss a prefix of the convention (players would see them)', () => {
    const story = withScene('mid', (s) => ({
      ...s,
      options: [
        option('mid', 1, 'win', { stats_changes: { addInventory: ['flag: Spam', 'Flag: Ok'] } }),
        option('mid', 2, 'win', { stats_changes: { addInventory: ['Lesson:Titles'] } }),
      ],
    }));
    expect(messages(story)).toEqual([
      "scene 'mid' option 'mid--1': item 'flag: Spam' misses the prefix 'Flag: ' (exactly so, with the space): players would see it as named",
      "scene 'mid' option 'mid--2': item 'Lesson:Titles' misses the prefix 'Lesson: ' (exactly so, with the space): players would see it as named",
      "scene 'lose': ending is reached by no path from intro",
    ]);
  });

  it('reports unknown stat keys, items nobody gives, and days that go wrong', () => {
    const story = withScene('mid', (s) => ({
      ...s,
      options: [
        option('mid', 1, 'win', { stats_changes: { mana: 3 }, required_items: ['Key'] }),
        option('mid', 2, 'day-end', { required_stats: { luck: 1 } }),
      ],
    }));
    expect(messages(story)).toEqual([
      "scene 'mid' option 'mid--1': stats_changes has unknown key 'mana'",
      "scene 'mid' option 'mid--1': requires item 'Key' that no option gives, so it never unlocks",
      "scene 'mid' option 'mid--2': goes back in time to day 1 ('day-end')",
      "scene 'mid' option 'mid--2': required_stats has unknown stat 'luck'",
      "scene 'lose': ending is reached by no path from intro",
    ]);
    const renamed = withScene('mid', (s) => ({
      ...s,
      options: s.options.map((o, i) => ({ ...o, id: i === 0 ? 'other--1' : 'mid--two' })),
    }));
    expect(messages(renamed)).toEqual([
      "scene 'mid' option 'other--1': option id should be 'mid--N'",
      "scene 'mid' option 'mid--two': option id should be 'mid--N'",
    ]);
    const sameDay = withScene('mid', (s) => ({ ...s, day: 1 }));
    expect(messages(sameDay)).toContain(
      "scene 'day-end' option 'day-end--1': ends day 1 but leads to day 1",
    );
  });
});

describe('reachableFrom', () => {
  it('follows options but not out of endings', () => {
    const story = withScene('win', (s) => ({ ...s, options: [option('win', 1, 'extra')] }));
    story.push(scene('extra', { day: 2 }));
    expect([...reachableFrom(story, 'intro')].sort()).toEqual([
      'day-end',
      'intro',
      'lose',
      'mid',
      'win',
    ]);
  });
});

describe('checkScope', () => {
  it('asks for 60 scenes, 5 days, an end of day per day and 4 endings', () => {
    expect(checkScope(smallStory()).map((p) => p.message)).toEqual([
      'has 5 scenes (needs 60)',
      'spans 2 days (needs 5)',
      'has 2 endings (needs 4)',
    ]);
  });
});
