import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeStory, type MapOption, type MapScene, startSceneOf } from './graph.ts';

const scene = (id: string, extra: Partial<MapScene> = {}): MapScene => ({
  id,
  title: id.toUpperCase(),
  isStart: false,
  isEnding: false,
  isEndOfDay: false,
  ...extra,
});
let n = 0;
const option = (sceneId: string, target: string | null, url: string | null = null): MapOption => ({
  id: `o${++n}`,
  sceneId,
  text: `to ${target ?? url}`,
  target,
  url,
});

describe('startSceneOf', () => {
  it('prefers the flagged scene, then intro/INTRO/start, then the first', () => {
    expect(startSceneOf([scene('a'), scene('b', { isStart: true }), scene('intro')])).toBe('b');
    expect(startSceneOf([scene('a'), scene('start'), scene('INTRO')])).toBe('INTRO');
    expect(startSceneOf([scene('a'), scene('b')])).toBe('a');
    expect(startSceneOf([])).toBeNull();
  });
});

describe('analyzeStory', () => {
  it('classifies links and finds unreachable scenes and dead ends', () => {
    const scenes = [
      scene('intro'),
      scene('shop'),
      scene('end', { isEnding: true }),
      scene('orphan'),
      scene('stuck'),
    ];
    const options = [
      option('intro', 'shop'),
      option('intro', 'pending-later'),
      option('shop', 'end'),
      option('shop', 'stuck'),
      option('shop', 'gone'),
      option('stuck', null, 'https://example.com'),
      option('orphan', 'pending-later'),
      option('missing-scene', 'intro'),
    ];
    const a = analyzeStory(scenes, options);
    expect(a.startId).toBe('intro');
    expect(a.edges.map((e) => e.kind)).toEqual([
      'scene',
      'pending',
      'scene',
      'scene',
      'broken',
      'url',
      'pending',
    ]);
    expect(a.unreachable).toEqual(['orphan']);
    expect(a.deadEnds).toEqual(['orphan', 'stuck']);
    expect(a.pendingTargets).toEqual(['pending-later']);
    expect(a.broken).toEqual([a.edges[4]?.id]);
  });

  it('never marks the start scene unreachable and never an ending a dead end', () => {
    const ids = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,4}$/), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(
        ids,
        fc.array(fc.tuple(fc.nat(), fc.nat())),
        fc.array(fc.boolean()),
        (names, links, endings) => {
          const scenes = names.map((id, i) => scene(id, { isEnding: endings[i] ?? false }));
          const options = links.map(([a, b]) =>
            option(names[a % names.length] as string, names[b % names.length] as string),
          );
          const result = analyzeStory(scenes, options);
          expect(result.unreachable).not.toContain(result.startId);
          for (const id of result.deadEnds)
            expect(scenes.find((s) => s.id === id)?.isEnding).toBe(false);
          expect(result.broken).toEqual([]);
        },
      ),
    );
  });
});
