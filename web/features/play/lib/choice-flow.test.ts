import { describe, expect, it } from 'vitest';
import type { PlayAdvertisement, PlayRandomEvent, PlayScene } from '../../../../core/api/play.ts';
import { testOption } from '../../../../test/web/play-fixtures.ts';
import {
  announcedFirst,
  choiceFlowReducer,
  initialChoiceFlow,
  MAYBE_MARGIN_MS,
  paintedSceneOf,
  planAnswer,
  planClick,
  planRefusal,
  sameValue,
} from './choice-flow.ts';

const ad: PlayAdvertisement = {
  id: 'ad-1',
  title: 'Felt',
  description: null,
  imageUrl: null,
  ctaText: 'Learn More',
  ctaLink: null,
  priority: 1,
};
const option = testOption({ id: 'o1', text: 'Go', nextSceneId: 'shop' });
const sceneWith = (options = [option], extra: Partial<PlayScene> = {}) =>
  ({
    id: 'intro',
    options,
    nextInterruption: null,
    choiceMayInterrupt: false,
    ...extra,
  }) as PlayScene;

describe('the choice flow reducer', () => {
  it('goes idle → sent (painted or not) → settled, and keeps a refusal until closed', () => {
    const sent = choiceFlowReducer(initialChoiceFlow, {
      type: 'sent',
      nextId: 'shop',
      painted: {},
    });
    expect(paintedSceneOf(sent)).toBe('shop');
    const waiting = choiceFlowReducer(sent, { type: 'sent', nextId: 'shop', painted: null });
    expect(paintedSceneOf(waiting)).toBe(null);
    expect(waiting.committing).not.toBe(null);
    const refused = choiceFlowReducer(waiting, { type: 'refused', message: 'No' });
    const settled = choiceFlowReducer(refused, { type: 'settled' });
    expect(settled).toEqual({ committing: null, error: 'No' });
    expect(choiceFlowReducer(settled, { type: 'error-closed' })).toEqual(initialChoiceFlow);
    expect(choiceFlowReducer(initialChoiceFlow, { type: 'settled' })).toBe(initialChoiceFlow);
  });
});

describe('planClick', () => {
  it('says Under Construction for pending links and Navigation Error for no destination', () => {
    expect(planClick({ ...option, nextSceneId: 'pending-x' }).kind).toBe('under-construction');
    expect(planClick({ ...option, isPending: true }).kind).toBe('under-construction');
    expect(planClick({ ...option, nextSceneId: null }).kind).toBe('no-destination');
  });

  it('ignores a locked option, sends an open one', () => {
    expect(planClick({ ...option, locked: true }).kind).toBe('ignore');
    expect(planClick(option)).toEqual({ kind: 'send', option, nextId: 'shop' });
  });

  it('after a painted scene: drops the click when that decision was refused, else uses the answer’s locks', () => {
    const scene = sceneWith([{ ...option, locked: true, lockedReason: 'Requires Budget $500' }]);
    expect(planClick(option, { stillHere: false, scene }).kind).toBe('ignore');
    expect(planClick(option, { stillHere: true, scene })).toEqual({
      kind: 'locked',
      reason: 'Requires Budget $500',
    });
    const unlocked = sceneWith([{ ...option, text: 'Go now' }]);
    const sent = planClick({ ...option, locked: true }, { stillHere: true, scene: unlocked });
    expect(sent).toMatchObject({ kind: 'send', option: { text: 'Go now', locked: false } });
  });
});

describe('announcedFirst and planAnswer', () => {
  it('reads what the scene announces; waits on maybe or an unknown copy', () => {
    expect(announcedFirst(sceneWith())).toEqual({});
    const withAd = sceneWith([option], {
      nextInterruption: { kind: 'advertisement', advertisement: ad },
      choiceMayInterrupt: true,
    });
    expect(announcedFirst(withAd)).toEqual({ advertisement: ad });
    const maybe = sceneWith([option], {
      nextInterruption: { kind: 'maybe' },
      choiceMayInterrupt: true,
    });
    expect(announcedFirst(maybe)).toBe(undefined);
    expect(announcedFirst(maybe, 60_000)).toBe(undefined);
    expect(announcedFirst(undefined)).toBe(undefined);
  });

  it("tells a 'maybe' by the time since the copy's receipt, waiting only near the gap's end", () => {
    const randomEvent: PlayRandomEvent = {
      id: 'e1',
      title: 'Audit',
      description: 'An audit.',
      mediaType: 'image',
      mediaUrl: null,
      videoEmbedCode: null,
      changes: [],
    };
    const maybe = (before: PlayAdvertisement | null | undefined) =>
      sceneWith([option], {
        nextInterruption: { kind: 'maybe', randomEvent, advertisement: before, msLeft: 3000 },
        choiceMayInterrupt: true,
      });
    // At or after the gap's end: the event.
    expect(announcedFirst(maybe(ad), 3000)).toEqual({ randomEvent });
    expect(announcedFirst(maybe(undefined), 4000)).toEqual({ randomEvent });
    // Clearly before: the advertisement, or nothing.
    expect(announcedFirst(maybe(ad), 3000 - MAYBE_MARGIN_MS - 1)).toEqual({ advertisement: ad });
    expect(announcedFirst(maybe(null), 0)).toEqual({});
    // Within the margin, an unknown receipt, or a copy that does not say what comes before: wait.
    expect(announcedFirst(maybe(null), 3000 - MAYBE_MARGIN_MS)).toBe(undefined);
    expect(announcedFirst(maybe(null), 2999)).toBe(undefined);
    expect(announcedFirst(maybe(null))).toBe(undefined);
    expect(announcedFirst(maybe(undefined), 0)).toBe(undefined);
  });

  it('keeps what was painted when the answer agrees, whatever the key order', () => {
    const { priority, ...rest } = ad;
    const answer = { nextSceneId: 'shop', show: { advertisement: { priority, ...rest } } };
    expect(planAnswer(answer, 'intro', { nextId: 'shop', painted: { advertisement: ad } })).toEqual(
      {
        kind: 'first-screen',
        first: answer.show,
        nextId: 'shop',
        painted: true,
      },
    );
    const edited = { nextSceneId: 'shop', show: { advertisement: { ...ad, title: 'New' } } };
    const plan = planAnswer(edited, 'intro', { nextId: 'shop', painted: { advertisement: ad } });
    expect(plan).toMatchObject({ kind: 'first-screen', painted: false });
    expect(
      planAnswer({ nextSceneId: 'shop', show: {} }, 'intro', { nextId: 'shop', painted: null }),
    ).toEqual({ kind: 'scene', nextId: 'shop', painted: false });
    expect(
      planAnswer({ nextSceneId: 'intro', show: {} }, 'intro', { nextId: 'shop', painted: {} }).kind,
    ).toBe('processed');
  });

  it('sends a refusal with the way back only when a painted event or ad left the scene', () => {
    expect(planRefusal('pending', 'x', null)).toEqual({
      toastPending: true,
      message: null,
      withWayBack: false,
    });
    expect(planRefusal('locked', 'No', { advertisement: ad }).withWayBack).toBe(true);
    expect(planRefusal('locked', 'No', {}).withWayBack).toBe(false);
    expect(planRefusal(undefined, 'No', null)).toEqual({
      toastPending: false,
      message: 'No',
      withWayBack: false,
    });
  });

  it('compares values structurally', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameValue({ a: [1] }, { a: { 0: 1 } })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
  });
});
