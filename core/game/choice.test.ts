import { describe, expect, it } from 'vitest';
import {
  applyChoice,
  CHOICE_FAILURE_TEXT,
  type ChoiceOption,
  type ChoiceState,
  sceneTakesChoices,
} from './choice.ts';
import { ZERO_STATS } from './stats.ts';
import { rebuildStats } from './stats-config.ts';

const state: ChoiceState = {
  currentSceneId: 'intro',
  stats: { ...ZERO_STATS, gold: 30, intelligence: 10, inventory: [] },
  sceneCount: 1,
  choiceCount: 0,
};

const option = (extra: Partial<ChoiceOption> = {}): ChoiceOption => ({
  id: 'o1',
  scenario_id: 'intro',
  next_scenario_id: 'shop',
  next_url: null,
  stats_changes: { intelligence: 5 },
  ...extra,
});

describe('applyChoice', () => {
  it("moves to the option's target, applies its changes and counts the step", () => {
    const result = applyChoice(state, option());
    expect(result).toEqual({
      ok: true,
      state: {
        currentSceneId: 'shop',
        stats: { ...state.stats, intelligence: 15, gold: 25 },
        sceneCount: 2,
        choiceCount: 1,
      },
    });
  });

  it('costs the named gold, or 5 gold by default', () => {
    const paid = applyChoice(state, option({ stats_changes: { gold: -10 } }));
    const free = applyChoice(state, option({ stats_changes: null }));
    const legacy = applyChoice(state, option({ stats_changes: null, budget_change: -7 }));
    expect(paid.ok && paid.state.stats.gold).toBe(20);
    expect(free.ok && free.state.stats.gold).toBe(25);
    expect(legacy.ok && legacy.state.stats.gold).toBe(23);
  });

  it('keeps fields the caller adds to the state', () => {
    const result = applyChoice({ ...state, playerId: 'p1' }, option());
    expect(result.ok && result.state.playerId).toBe('p1');
  });

  it('refuses an option of another scene', () => {
    expect(applyChoice(state, option({ scenario_id: 'other' }))).toEqual({
      ok: false,
      reason: 'wrong-scene',
      message: CHOICE_FAILURE_TEXT['wrong-scene'].message,
    });
    expect(applyChoice({ ...state, currentSceneId: null }, option())).toMatchObject({
      ok: false,
      reason: 'wrong-scene',
    });
  });

  it('refuses choices in ending scenes; end-of-day scenes continue to the next day', () => {
    for (const flags of [{ is_ending: true }, { is_ending: 1, is_end_of_day: 1 }]) {
      expect(applyChoice(state, option(), flags)).toMatchObject({
        ok: false,
        reason: 'scene-closed',
      });
    }
    expect(applyChoice(state, option(), { is_ending: 0, is_end_of_day: false }).ok).toBe(true);
    expect(applyChoice(state, option(), { is_ending: false, is_end_of_day: 1 }).ok).toBe(true);
  });

  it('refuses a locked option with the reason', () => {
    const locked = option({ required_stats: { intelligence: 20 }, required_items: ['Map'] });
    expect(applyChoice(state, locked)).toEqual({
      ok: false,
      reason: 'locked',
      message: 'Requires Knowledge 20; Requires item: Map',
    });
  });

  it('refuses an option that costs more than the budget, and takes one that costs all of it', () => {
    expect(applyChoice(state, option({ stats_changes: { gold: -31 } }))).toEqual({
      ok: false,
      reason: 'locked',
      message: 'Requires Budget $31',
    });
    const spent = applyChoice(state, option({ stats_changes: { gold: -30 } }));
    expect(spent.ok && spent.state.stats.gold).toBe(0);
  });

  it('does nothing for an external URL option', () => {
    expect(applyChoice(state, option({ next_url: 'https://example.com' }))).toMatchObject({
      ok: false,
      reason: 'external-url',
    });
    expect(applyChoice(state, option({ next_url: '  ' })).ok).toBe(true);
  });

  it("answers 'Navigation Error' when the option leads nowhere", () => {
    for (const next_scenario_id of [null, '', '  ']) {
      expect(applyChoice(state, option({ next_scenario_id }))).toEqual({
        ok: false,
        reason: 'no-destination',
        message: "This option doesn't lead anywhere yet.",
      });
    }
    expect(CHOICE_FAILURE_TEXT['no-destination'].title).toBe('Navigation Error');
  });

  it("answers 'Under Construction' for a pending link", () => {
    expect(applyChoice(state, option({ next_scenario_id: 'pending-hat-fair' }))).toEqual({
      ok: false,
      reason: 'pending',
      message: 'This path is still being created. Try another option.',
    });
    expect(CHOICE_FAILURE_TEXT.pending.title).toBe('Under Construction');
  });

  it('lets the next scene checkpoint win over the choice (changes, then rebuild)', () => {
    const result = applyChoice(state, option({ stats_changes: { gold: -10, revenue: 4 } }));
    if (!result.ok) throw new Error('choice failed');
    const entered = rebuildStats([{ id: 'gold', defaultValue: 30 }], result.state.stats);
    expect(entered.gold).toBe(30);
    expect(entered.revenue).toBe(4);
  });
});

describe('sceneTakesChoices', () => {
  it('is false for ending and end-of-day scenes only', () => {
    expect(sceneTakesChoices({})).toBe(true);
    expect(sceneTakesChoices({ is_ending: false, is_end_of_day: 0 })).toBe(true);
    expect(sceneTakesChoices({ is_ending: 1 })).toBe(false);
    // End-of-day scenes continue to the next day through their options (docs/decisions.md).
    expect(sceneTakesChoices({ is_end_of_day: true })).toBe(true);
  });
});
