import { describe, expect, it } from 'vitest';
import { atMostCharacters, type SceneWithOptions } from './admin-scenes.ts';
import {
  changedFields,
  keepMine,
  optionFormOf,
  optionFormSchema,
  sceneFormOf,
  sceneFormSchema,
  toOptionInput,
} from './admin-scenes-form.ts';

const saved: SceneWithOptions = {
  scene: {
    id: 'shop',
    title: 'The Shop',
    subtitle: null,
    description: 'Hats.',
    imageUrl: null,
    htmlSection: null,
    reference: null,
    aiInstructions: null,
    day: 2,
    isEnding: false,
    isEndOfDay: false,
    isStart: false,
    statsConfig: [{ id: 'gold', name: 'Budget', defaultValue: 30 }],
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 4,
  },
  options: [
    {
      id: 'o1',
      sceneId: 'shop',
      position: 0,
      text: 'VIP',
      why: 'A pass is a real perk',
      nextSceneId: 'lounge',
      nextUrl: null,
      nextSceneTitle: 'Lounge',
      isPending: false,
      isBroken: false,
      statChanges: { gold: -20, addInventory: ['Pass'] },
      requiredStats: { intelligence: 20 },
      requiredItems: ['Card'],
    },
  ],
};

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('scene form', () => {
  it('round-trips a stored option to the same API input', () => {
    expect(toOptionInput(optionFormOf(saved.options[0] ?? null))).toEqual({
      id: 'o1',
      text: 'VIP',
      why: 'A pass is a real perk',
      destinationType: 'scene',
      nextSceneId: 'lounge',
      isPlaceholder: false,
      nextUrl: '',
      statChanges: { gold: -20, addInventory: ['Pass'] },
      requiredStats: { intelligence: 20 },
      requiredItems: ['Card'],
    });
  });

  it('refuses a why line over 300 characters on its field, and keeps a blank one as none', () => {
    const o = optionFormOf(saved.options[0] ?? null);
    o.why = 'x'.repeat(301);
    const r = optionFormSchema.safeParse(o);
    expect(messages(r)).toEqual(['The why line must be at most 300 characters']);
    expect(r.error?.issues[0]?.path).toEqual(['why']);
    o.why = `  ${'x'.repeat(300)}  `;
    expect(optionFormSchema.safeParse(o).success).toBe(true);
    expect(toOptionInput({ ...o, why: '   ' }).why).toBe('');
  });

  it("refuses a Budget change of 'lots' and a bad minimum in the author's words", () => {
    const o = optionFormOf(saved.options[0] ?? null);
    o.changes.gold = 'lots';
    o.required.charisma = '-1';
    expect(messages(optionFormSchema.safeParse(o))).toEqual([
      'Budget change must be a number',
      'Min Happiness must be a number of at least 0',
    ]);
  });

  it('gives field messages for a long title, a bad day, a stat value and a new id', () => {
    const f = sceneFormOf(null, 'has space');
    f.title = 'x'.repeat(201);
    f.day = '1.5';
    f.stats = [{ id: 'gold', name: 'Budget', value: '777x' }];
    expect(messages(sceneFormSchema.safeParse(f))).toEqual([
      'Title must be at most 200 characters',
      'Game day must be a whole number of at least 1',
      'Value must be a number',
      'Scene ID may only use letters, digits, hyphens and underscores',
    ]);
  });

  it('lists the fields two versions differ in', () => {
    const mine = sceneFormOf(saved);
    const theirs = sceneFormOf(saved);
    theirs.subtitle = 'New';
    theirs.stats = [{ id: 'gold', name: 'Budget', value: '31' }];
    const opt = theirs.options[0];
    if (opt) opt.changes.gold = '-21';
    expect(changedFields(mine, theirs)).toEqual(['subtitle', 'stats', 'options']);
  });

  it("'Keep mine' keeps my changed fields and takes theirs for the rest", () => {
    const base = sceneFormOf(saved);
    const mine = { ...sceneFormOf(saved), description: 'Mine', subtitle: 'Mine too' };
    const theirs = { ...sceneFormOf(saved), subtitle: 'Theirs', title: 'Their title' };
    expect(keepMine(base, mine, theirs)).toMatchObject({
      description: 'Mine',
      subtitle: 'Mine too',
      title: 'Their title',
    });
  });
});

describe('atMostCharacters', () => {
  it('groups the digits as English does', () => {
    for (const max of [7, 300, 999, 1000, 2000, 20_000, 100_000, 1_234_567]) {
      expect(atMostCharacters('Title', max)).toBe(
        `Title must be at most ${max.toLocaleString('en')} characters`,
      );
    }
  });
});
