import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './diff.ts';

const scene = { id: 'intro', title: 'Intro' };
const option = (why: string | null) => ({
  id: 'o1',
  text: 'Thank the blogger',
  next_scenario_id: 'day2',
  stats_changes: { charisma: 2 },
  why,
});

describe("a scene's history: the why line", () => {
  it('lists an edit of the why line alone as a change of that option', () => {
    const then = { scene, options: [option(null)] };
    const now = { scene, options: [option('Links given freely are the ones that count.')] };
    expect(diffSnapshots(then, now)).toEqual([
      {
        field: 'Option 1 why line',
        before: '(none)',
        after: 'Links given freely are the ones that count.',
      },
    ]);
    expect(diffSnapshots(now, now)).toEqual([]);
  });
});
