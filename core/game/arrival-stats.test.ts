import { describe, expect, it } from 'vitest';
import { arrivalStats } from './arrival-stats.ts';
import { DEFAULT_STATS } from './stats.ts';

const cfg = (values: Record<string, number>) =>
  JSON.stringify(Object.entries(values).map(([id, defaultValue]) => ({ id, defaultValue })));

const scenes = [
  { id: 'start', isStart: true, statsConfig: cfg({ gold: 50, health: 10 }) },
  { id: 'day2', isStart: false, statsConfig: cfg({ gold: 12 }) },
  { id: 'shop', isStart: false, statsConfig: null },
  { id: 'back-room', isStart: false, statsConfig: null },
  { id: 'orphan', isStart: false, statsConfig: null },
  { id: 'early', isStart: false, statsConfig: null },
];
const links = [
  { from: 'start', to: 'early' },
  { from: 'start', to: 'day2' },
  { from: 'day2', to: 'shop' },
  { from: 'shop', to: 'back-room' },
  { from: 'back-room', to: 'shop' },
];

describe('arrivalStats (play-test from a scene)', () => {
  it("gives a scene without stats the nearest checkpoint's stats over the starting ones", () => {
    const s = arrivalStats('back-room', scenes, links);
    expect(s).toMatchObject({ gold: 12, health: 10, strength: 0 });
    expect(s.health).not.toBe(DEFAULT_STATS.health);
  });

  it('gives the starting stats when the way in passes no other checkpoint', () => {
    expect(arrivalStats('early', scenes, links)).toMatchObject({ gold: 50, health: 10 });
  });

  it('gives the starting stats to a scene nothing leads to', () => {
    expect(arrivalStats('orphan', scenes, links)).toMatchObject({ gold: 50, health: 10 });
  });

  it('gives a checkpoint its own stats, as a new game there', () => {
    expect(arrivalStats('day2', scenes, links)).toMatchObject({ gold: 12, health: 0 });
  });
});
