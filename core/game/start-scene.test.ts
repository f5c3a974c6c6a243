import { describe, expect, it } from 'vitest';
import {
  DEFAULT_START_OPTION,
  pickFallbackScene,
  pickInitialSceneId,
  pickStartScene,
} from './start-scene.ts';

const s = (id: string, extra: { is_start?: boolean | number; optionCount?: number } = {}) => ({
  id,
  ...extra,
});

describe('pickStartScene (server rule, product rules "Play")', () => {
  it('takes the scene flagged is_start, also as SQLite 1', () => {
    expect(pickStartScene([s('intro'), s('b', { is_start: true })])?.scene.id).toBe('b');
    expect(pickStartScene([s('intro'), s('c', { is_start: 1 })])?.scene.id).toBe('c');
  });

  it('falls back to intro, then INTRO, then start, unmarked', () => {
    expect(pickStartScene([s('x'), s('start'), s('INTRO'), s('intro')])).toEqual({
      scene: s('intro'),
      markAsStart: false,
      defaultOption: null,
    });
    expect(pickStartScene([s('x'), s('start'), s('INTRO')])?.scene.id).toBe('INTRO');
    expect(pickStartScene([s('x'), s('start', { is_start: 0 })])?.scene.id).toBe('start');
    expect(pickStartScene([s('x'), s('Intro')])?.scene.id).toBe('x');
  });

  it('marks the first scene as start and gives it the default option when it has none', () => {
    const pick = pickStartScene([s('first', { optionCount: 0 }), s('second')]);
    expect(pick?.scene.id).toBe('first');
    expect(pick?.markAsStart).toBe(true);
    expect(pick?.defaultOption).toEqual({
      text: 'Continue your adventure',
      next_scenario_id: 'pending-next-scene',
      stats_changes: { gold: -10, intelligence: 5 },
      budget_change: -10,
      knowledge_change: 5,
    });
  });

  it('gives no default option to a first scene that has options', () => {
    const pick = pickStartScene([s('first', { optionCount: 2 })]);
    expect(pick?.markAsStart).toBe(true);
    expect(pick?.defaultOption).toBeNull();
  });

  it('returns a copy of the default option and null without scenes', () => {
    const pick = pickStartScene([s('only', { optionCount: 0 })]);
    const option = pick?.defaultOption;
    if (!option) throw new Error('expected a default option');
    option.stats_changes.gold = 1;
    option.text = 'changed';
    expect(DEFAULT_START_OPTION.stats_changes.gold).toBe(-10);
    expect(DEFAULT_START_OPTION.text).toBe('Continue your adventure');
    expect(pickStartScene([])).toBeNull();
  });
});

describe('pickInitialSceneId (client rule, product rules "Play")', () => {
  it("prefers an 'intro' id in any case", () => {
    expect(pickInitialSceneId([s('a', { is_start: true }), s('start'), s('Intro')])).toBe('Intro');
  });

  it("then 'start', then the flagged scene, then the first", () => {
    expect(pickInitialSceneId([s('a', { is_start: true }), s('start')])).toBe('start');
    expect(pickInitialSceneId([s('a'), s('b', { is_start: 1 })])).toBe('b');
    expect(pickInitialSceneId([s('a'), s('b')])).toBe('a');
    expect(pickInitialSceneId([s('a'), s('START')])).toBe('a');
  });

  it('returns null without scenes', () => {
    expect(pickInitialSceneId([])).toBeNull();
  });
});

describe('pickFallbackScene (missing scene, product rules "Play")', () => {
  it('tries intro, INTRO, start, then the first scene', () => {
    expect(pickFallbackScene([s('a'), s('start'), s('INTRO'), s('intro')])?.id).toBe('intro');
    expect(pickFallbackScene([s('a'), s('start'), s('INTRO')])?.id).toBe('INTRO');
    expect(pickFallbackScene([s('a'), s('start')])?.id).toBe('start');
    expect(pickFallbackScene([s('a', { is_start: false }), s('b', { is_start: true })])?.id).toBe(
      'a',
    );
  });

  it('returns null without scenes', () => {
    expect(pickFallbackScene([])).toBeNull();
  });
});
