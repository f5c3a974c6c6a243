import { advertisementFor } from './cadence.ts';
import type { ChangeColumn } from './change-columns.ts';
import {
  applyChoice,
  CHOICE_FAILURE_TEXT,
  type ChoiceFailure,
  type ChoiceOption,
  type SceneFlags,
} from './choice.ts';
import {
  applyEventChanges,
  decideGuestEvent,
  type GuestEventCandidate,
  pickSignedInEvent,
  type RandomEvent,
  type ScheduledEvent,
} from './random-event.ts';
import { diffStats, type StatDiff } from './stat-diff.ts';
import type { PlayerStats } from './stats.types.ts';
import { rebuildStats } from './stats-config.ts';

/** A game: one guest's or account's play-through, as far as the rules of a step are concerned. */
export interface Game {
  currentSceneId: string | null;
  stats: PlayerStats;
  /** Scenes reached so far (drives advertisements and guest events). */
  sceneCount: number;
  /** Decisions made so far (drives a signed-in player's events). */
  choiceCount: number;
  /** When the player last saw an event (epoch ms or ISO time), and which one. */
  lastEventAt: number | string | null;
  lastEventId: string | null;
  /** Guests meet events by the guest rule, signed-in players by the choice counter. */
  isGuest: boolean;
}

/** What a step needs of a random event: its schedule, its id and title, its stat changes. */
export type StepEvent = GuestEventCandidate &
  ScheduledEvent & { title?: string } & Partial<Record<ChangeColumn, unknown>>;

/** The content a step reads: the events and advertisements in play, in their stored order. */
export interface StepContent<E extends StepEvent, A> {
  /** The admin's active events (newest first); a guest meets core's GUEST_EVENT when none is. */
  events: readonly E[];
  /** The active advertisements, in their display order. */
  ads: readonly A[];
}

/** The outside inputs of a step: the clock and the guest draw, so the step stays pure. */
export interface StepDraws {
  /** The time of the decision, epoch ms. */
  now: number;
  /** Numbers in [0, 1) like Math.random; the guest rule takes up to two. */
  random: () => number;
}

/** What a step puts before the next scene: at most one event, else at most one advertisement. */
export interface Interruption<E, A> {
  event: E | Readonly<RandomEvent> | null;
  advertisement: A | null;
  /** The event to remember as the last one seen ('repeat' breaks the row, see below). */
  lastEventId: string | null;
  lastEventAt: number | string | null;
}

/**
 * The interruption of the step that `game` takes next (the counts are the game's BEFORE that
 * step). A random event first: a signed-in player's on the choice counter; a guest's by the guest
 * rule (never the first decision, never the event seen last; core's GUEST_EVENT when none is
 * active). A guest draw refused only because it would repeat the last event breaks the row, so a
 * lone event can come back later. When no event shows, an advertisement on every 5th scene.
 */
export function interruptionOf<E extends StepEvent, A>(
  game: Omit<Game, 'currentSceneId' | 'stats'>,
  content: StepContent<E, A>,
  draws: StepDraws,
): Interruption<E, A> {
  const sceneCount = game.sceneCount + 1;
  const last = { lastEventId: game.lastEventId, lastEventAt: game.lastEventAt };
  let event: E | Readonly<RandomEvent> | null = null;
  if (!game.isGuest) {
    event = pickSignedInEvent(game.choiceCount + 1, content.events);
  } else {
    const d = decideGuestEvent({ sceneCount, ...last, ...draws, events: content.events });
    if (d.triggered) event = d.event;
    else if (d.reason === 'repeat') last.lastEventId = null;
  }
  if (event) {
    const at = new Date(draws.now).toISOString();
    return { event, advertisement: null, lastEventId: event.id, lastEventAt: at };
  }
  return { event: null, advertisement: advertisementFor(sceneCount, content.ads), ...last };
}

/** What a step changed, in the order it happened. */
export interface StepChanges {
  /** The option's own changes (default 5-gold cost included). */
  choice: StatDiff;
  /** The random event's changes, with its title; null without one. */
  event: (StatDiff & { title: string }) | null;
  /** The next scene's stats_config checkpoint. */
  arrival: StatDiff;
}

/** A step taken: the game after it, what shows before the next scene, what changed. */
export interface StepTaken<E, A, N> {
  ok: true;
  game: Game;
  /** The scene the step leads to (the option's target). */
  next: N;
  event: E | Readonly<RandomEvent> | null;
  advertisement: A | null;
  changes: StepChanges;
}

/** A step refused, with core's reason ('locked', 'pending', ...) and the message players read. */
export interface StepRefused {
  ok: false;
  reason: ChoiceFailure;
  message: string;
}

/** The scene a step leads to, as far as the rules need it: its checkpoint. */
export interface StepScene {
  id: string;
  stats_config?: unknown;
}

/**
 * One whole step of a game, the one rule the server, the story simulator and the interruption
 * forecast share: the option is checked and its changes applied (core applyChoice: the option
 * belongs to the current scene, the scene takes decisions, requirements, external and pending
 * links); then the random event's changes, or an advertisement (interruptionOf); then the next
 * scene's stats_config checkpoint (rebuildStats, the checkpoint wins). `next` is the option's
 * target scene as stored, or null when it does not exist ('no-destination').
 */
export function takeStep<E extends StepEvent, A, N extends StepScene>(
  game: Game,
  scene: SceneFlags,
  option: ChoiceOption,
  next: N | null,
  content: StepContent<E, A>,
  draws: StepDraws,
): StepTaken<E, A, N> | StepRefused {
  const moved = applyChoice(game, option, scene);
  if (!moved.ok) return moved;
  const noDestination = { message: CHOICE_FAILURE_TEXT['no-destination'].message };
  if (!next || next.id !== moved.state.currentSceneId) {
    return { ok: false, reason: 'no-destination', ...noDestination };
  }
  const shown = interruptionOf(game, content, draws);
  const afterChoice = moved.state.stats;
  const afterEvent = shown.event ? applyEventChanges(afterChoice, shown.event) : afterChoice;
  const stats = rebuildStats(next.stats_config, afterEvent);
  return {
    ok: true,
    game: {
      ...moved.state,
      stats,
      lastEventId: shown.lastEventId,
      lastEventAt: shown.lastEventAt,
    },
    next,
    event: shown.event,
    advertisement: shown.advertisement,
    changes: {
      choice: diffStats(game.stats, afterChoice),
      event: shown.event
        ? { title: shown.event.title ?? shown.event.id, ...diffStats(afterChoice, afterEvent) }
        : null,
      arrival: diffStats(afterEvent, stats),
    },
  };
}
