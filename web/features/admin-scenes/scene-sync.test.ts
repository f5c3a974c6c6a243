import { describe, expect, it } from 'vitest';
import type { SceneWithOptions } from '../../../core/api/admin-scenes.ts';
import { optionFormOf, sceneFormOf } from '../../../core/api/admin-scenes-form.ts';
import { withTheirs } from './scene-sync.ts';

const option = (id: string, text: string) => ({
  ...optionFormOf(null),
  key: id,
  id,
  text,
  nextSceneId: 'somewhere',
});

describe('withTheirs (a link drawn on the map while the scene is open)', () => {
  const base = {
    ...sceneFormOf(null as SceneWithOptions | null, 'shop', 'Shop'),
    description: 'Old',
    options: [option('o1', 'Look around')],
  };
  const theirs = { ...base, options: [...base.options, option('o2', 'Drawn on the map')] };

  it('keeps what the author typed and adds the drawn option', () => {
    const mine = { ...base, description: 'Typed by me' };
    const merged = withTheirs(base, mine, theirs);
    expect(merged.description).toBe('Typed by me');
    expect(merged.options.map((o) => o.text)).toEqual(['Look around', 'Drawn on the map']);
  });

  it('keeps the author’s own option edits and still adds the drawn option', () => {
    const mine = {
      ...base,
      options: [{ ...option('o1', 'Look around twice') }, option('', 'New')],
    };
    const merged = withTheirs(base, mine, theirs);
    expect(merged.options.map((o) => o.text)).toEqual([
      'Look around twice',
      'New',
      'Drawn on the map',
    ]);
  });
});
