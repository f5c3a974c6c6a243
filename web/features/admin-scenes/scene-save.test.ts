import { describe, expect, it } from 'vitest';
import { sceneFormOf } from '../../../core/api/admin-scenes-form.ts';
import { saveInput } from './scene-save.ts';

describe('saveInput', () => {
  it('turns [[links]] in the description into placeholder options of a new scene', () => {
    const form = {
      ...sceneFormOf(null, 'stand', 'Hat stand'),
      description: 'Your stand is up.\n\n[[Work the market->Market Day]]\n[[shop<-Go back]]',
    };
    const input = saveInput(form, null, null, true);
    expect(input.kind).toBe('create');
    expect(input.body).toMatchObject({
      id: 'stand',
      title: 'Hat stand',
      isStart: true,
      description: 'Your stand is up.',
      options: [
        { text: 'Work the market', nextSceneId: 'Market Day', isPlaceholder: true },
        { text: 'Go back', nextSceneId: 'shop', isPlaceholder: true },
      ],
    });
    // A new scene without a stats table stores none.
    expect(input.body.statsConfig).toBeUndefined();
  });

  it('sends the version it was edited from, the stats and the whole option list', () => {
    const saved = {
      scene: {
        id: 'shop',
        title: 'Shop',
        subtitle: null,
        description: null,
        imageUrl: null,
        htmlSection: null,
        reference: null,
        aiInstructions: null,
        day: null,
        isEnding: false,
        isEndOfDay: false,
        isStart: false,
        statsConfig: [{ id: 'gold', name: 'Budget', defaultValue: 30 }],
        updatedAt: '',
        version: 7,
      },
      options: [],
    };
    const form = sceneFormOf(saved);
    form.stats = [{ id: 'gold', name: 'Budget', value: '777' }];
    const input = saveInput(form, saved, 7, false);
    expect(input).toMatchObject({
      kind: 'update',
      id: 'shop',
      body: {
        version: 7,
        statsConfig: [{ id: 'gold', name: 'Budget', defaultValue: 777 }],
        options: [],
      },
    });
  });
});
