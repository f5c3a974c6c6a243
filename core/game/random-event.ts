import { shouldShowAdvertisement } from './cadence.ts';
import { CHANGE_COLUMN_NAMES, CHANGE_COLUMNS, type ChangeColumn } from './change-columns.ts';
import { clampStat, cloneStats, STAT_LABELS, toItemList, toNumber } from './stats.ts';
import type { PlayerStats, StatKey } from './stats.types.ts';

/** The seven stat changes of a random event (product rules "Content" 'Random event'). */
type RandomEventChanges = Record<ChangeColumn, number>;

/** A random event as players see it (table random_events, product rules "Content"). */
export interface RandomEvent extends RandomEventChanges {
  id: string;
  title: string;
  description: string;
  media_type: 'image' | 'video';
  media_url: string | null;
  video_embed_code: string | null;
  /** Triggers every N choices. */
  frequency: number;
  is_active: boolean;
}

/** Guests see an event on every 2nd scene at most (product rules "Limits"). */
export const GUEST_EVENT_EVERY = 2;
/** At least this long between two guest events (product rules "Limits"). */
export const GUEST_EVENT_MIN_GAP_MS = 5000;
/** Chance that an eligible guest scene shows the event (product rules "Limits"). */
export const GUEST_EVENT_PROBABILITY = 0.8;
/** Frequency a new event gets in the admin dialog (product rules "Content", "Validation" rules). */
export const DEFAULT_EVENT_FREQUENCY = 5;

/**
 * The fixed event guests get (product rules "Limits"): budget +25, knowledge +10, delusion 0, revenue +15,
 * happiness +5, traffic +20, seo ranking +5, image media. The spec gives no id, title or text,
 * so those are ours.
 */
export const GUEST_EVENT: Readonly<RandomEvent> = Object.freeze({
  id: 'guest-event',
  title: 'A Lucky Break!',
  description:
    'A popular fashion blogger just linked to your hat shop. Visitors pour in, sales pick up and you learn a thing or two about backlinks.',
  media_type: 'image',
  media_url: null,
  video_embed_code: null,
  frequency: GUEST_EVENT_EVERY,
  is_active: true,
  budget_change: 25,
  knowledge_change: 10,
  delusion_change: 0,
  revenue_change: 15,
  happiness_change: 5,
  traffic_change: 20,
  seo_ranking_change: 5,
});

/** What the guest rule needs of an admin-authored event. */
export interface GuestEventCandidate {
  id: string;
  /** Boolean, or 0/1 as SQLite returns it; inactive events are never picked. */
  is_active?: boolean | number | null;
}

/** Input of decideGuestEvent; `now` and `random` are injected so the rule stays pure. */
export interface GuestEventInput<T extends GuestEventCandidate = RandomEvent> {
  /** Events this game has already shown: none of them shows again (product rules "Play"). */
  seenIds?: readonly string[];
  /** Scenes reached so far, including the one being entered (2 = the first choice). */
  sceneCount: number;
  /** When the guest last saw an event: epoch ms, ISO string, or null for never. */
  lastEventAt: number | string | null;
  /** The current time in epoch ms. */
  now: number;
  /** A random number in [0, 1), like Math.random. */
  random: () => number;
  /** The admin's active events; none (or omitted) means the fixed GUEST_EVENT. */
  events?: readonly T[];
  /** Id of the last event this guest saw, which is not shown twice in a row. */
  lastEventId?: string | null;
}

/** Whether a guest sees an event, and if not, which check stopped it. */
export type GuestEventDecision<T = Readonly<RandomEvent>> =
  | { triggered: true; event: T | Readonly<RandomEvent> }
  | {
      triggered: false;
      reason: 'cadence' | 'first-choice' | 'after-ad' | 'too-soon' | 'chance' | 'repeat';
    };

function toEpoch(at: number | string | null): number | null {
  if (at === null) return null;
  const ms = typeof at === 'number' ? at : Date.parse(at);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Whether a guest's 5-second gap since the last event has passed at `now` (no last event: it
 * has). Once passed it stays passed, as time only moves on.
 */
function guestGapPassed(lastEventAt: number | string | null, now: number): boolean {
  const end = guestGapEnd(lastEventAt);
  return end === null || now >= end;
}

/** When a guest's 5-second gap since the last event ends (epoch ms), or null without a last event. */
export function guestGapEnd(lastEventAt: number | string | null): number | null {
  const last = toEpoch(lastEventAt);
  return last === null ? null : last + GUEST_EVENT_MIN_GAP_MS;
}

/**
 * The guest random-event rule (product rules "Limits" timing, our choice of events; docs/decisions.md 'Deliberate
 * decisions'): only on every 2nd scene but never on the first choice (scene 2), only when at
 * least 5000 ms have passed since the last event (a last time in the future counts as too
 * soon), then with 80 % probability (`random() < 0.8`). The event is one of the admin's active
 * events picked uniformly with a second `random()`, leaving out the one seen last; the fixed
 * GUEST_EVENT stands in when no event is active. Never right after an advertisement scene
 * ('after-ad'), never an event this game has shown (`seenIds`) or the one seen last: when no
 * candidate is left, nothing shows ('repeat'). `random` is called only when the timing checks pass.
 */
export function decideGuestEvent<T extends GuestEventCandidate = Readonly<RandomEvent>>(
  input: GuestEventInput<T>,
): GuestEventDecision<T> {
  const { sceneCount, now, random } = input;
  if (!Number.isInteger(sceneCount) || sceneCount <= 0 || sceneCount % GUEST_EVENT_EVERY !== 0) {
    return { triggered: false, reason: 'cadence' };
  }
  if (sceneCount <= GUEST_EVENT_EVERY) return { triggered: false, reason: 'first-choice' };
  // The scene before was an advertisement scene (guest events never fall on it, so it had its ad).
  if (shouldShowAdvertisement(sceneCount - 1)) return { triggered: false, reason: 'after-ad' };
  if (!guestGapPassed(input.lastEventAt, now)) return { triggered: false, reason: 'too-soon' };
  if (!(random() < GUEST_EVENT_PROBABILITY)) return { triggered: false, reason: 'chance' };
  const active = (input.events ?? []).filter((e) => e.is_active !== false && e.is_active !== 0);
  const pool: readonly (T | Readonly<RandomEvent>)[] = active.length > 0 ? active : [GUEST_EVENT];
  const lastId = input.lastEventId ?? null;
  const seen = input.seenIds ?? [];
  const candidates = pool.filter((e) => e.id !== lastId && !seen.includes(e.id));
  if (candidates.length === 0) return { triggered: false, reason: 'repeat' };
  const index = Math.min(candidates.length - 1, Math.floor(random() * candidates.length));
  return { triggered: true, event: candidates[index]! };
}

/** What pickSignedInEvent needs of an event. */
export interface ScheduledEvent {
  frequency: unknown;
  /** Boolean, or 0/1 as SQLite returns it. */
  is_active?: boolean | number | null;
}

/** An event's frequency as a whole number of choices, or null when it is not at least 1. */
function frequencyOf(event: ScheduledEvent): number | null {
  const f = Math.floor(toNumber(event.frequency));
  return f >= 1 ? f : null;
}

/**
 * The admin-authored event a signed-in player meets at this choice, or null (product rules "Limits": each choice
 * increments the player's counter; an event triggers when the counter is a multiple of its
 * frequency). Inactive events and frequencies below 1 never trigger. Tie rule: when several match,
 * the one with the largest frequency (the rarest) wins, so frequent events cannot hide rare ones;
 * among equal frequencies the first in `activeEvents` wins (pass them newest first, as stored).
 */
export function pickSignedInEvent<T extends ScheduledEvent>(
  choiceCount: number,
  activeEvents: readonly T[],
): T | null {
  if (!Number.isInteger(choiceCount) || choiceCount <= 0) return null;
  let best: T | null = null;
  let bestFrequency = 0;
  for (const event of activeEvents) {
    if (event.is_active === false || event.is_active === 0) continue;
    const f = frequencyOf(event);
    if (f !== null && choiceCount % f === 0 && f > bestFrequency) {
      best = event;
      bestFrequency = f;
    }
  }
  return best;
}

/**
 * Adds an event's changes to the player's stats (product rules "Limits"): budget→gold, knowledge→intelligence,
 * delusion→delusion, revenue→revenue, happiness→charisma, traffic→strength, seo ranking→health.
 * Values are coerced to numbers, missing ones count 0, and every stat is floored at 0.
 */
export function applyEventChanges(
  stats: PlayerStats,
  event: Partial<Record<ChangeColumn, unknown>>,
): PlayerStats {
  const next = cloneStats(stats);
  next.inventory = toItemList(stats.inventory);
  for (const column of CHANGE_COLUMN_NAMES) {
    const key = CHANGE_COLUMNS[column];
    next[key] = clampStat(toNumber(stats[key]) + toNumber(event[column]));
  }
  return next;
}

/** One non-zero change of an event, for display ('+25 Budget'). */
export interface EventChangeLine {
  key: StatKey;
  label: string;
  delta: number;
  /** '+n' or '-n' (product rules "Screens" 'Stat Changes (non-zero only as +n/-n)'). */
  text: string;
}

/** The non-zero changes of an event in spec order, signed for display. */
export function eventChangeLines(event: Partial<Record<ChangeColumn, unknown>>): EventChangeLine[] {
  const lines: EventChangeLine[] = [];
  for (const column of CHANGE_COLUMN_NAMES) {
    const delta = toNumber(event[column]);
    if (delta === 0) continue;
    const key = CHANGE_COLUMNS[column];
    lines.push({ key, label: STAT_LABELS[key], delta, text: delta > 0 ? `+${delta}` : `${delta}` });
  }
  return lines;
}

/** Scene and choice counts of a game after a choice (sceneCount counts the start scene). */
export interface GameCounts {
  choiceCount: number;
  sceneCount: number;
}

/**
 * The event a signed-in player meets at this choice, with the rules of a game (product rules
 * "Play" 'Interruptions'): the choice counter picks as pickSignedInEvent does, but never an
 * event this game has shown already, and never right after an interruption (the choice before
 * showed an event, or reached an advertisement scene). The game is replayed from its first
 * choice, so no extra state is kept: the same counts and events always give the same answer.
 */
export function signedInEventAt<T extends ScheduledEvent & { id: string }>(
  counts: GameCounts,
  activeEvents: readonly T[],
): T | null {
  const { choiceCount } = counts;
  if (!Number.isInteger(choiceCount) || choiceCount <= 0) return null;
  const offset = counts.sceneCount - choiceCount;
  const seen = new Set<string>();
  let interrupted = false;
  let event: T | null = null;
  for (let k = 1; k <= choiceCount; k++) {
    event = interrupted
      ? null
      : pickSignedInEvent(
          k,
          activeEvents.filter((e) => !seen.has(e.id)),
        );
    if (event) seen.add(event.id);
    interrupted = event !== null || shouldShowAdvertisement(k + offset);
  }
  return event;
}
