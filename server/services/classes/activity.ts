import type { Kysely } from 'kysely';
import { seatOf } from '../../db/repositories/classes.ts';
import type { Database } from '../../db/schema/database.ts';
import type { LiveBus } from '../../live/bus.ts';

/**
 * The least time between two notices of one class (docs/class-mode.md 'Live'): the first change
 * after a quiet spell goes out at once; changes within this of the last notice go out together
 * when it has passed.
 */
const CLASS_NOTICE_MS = 250;
/** Players whose class is remembered at most; past it the memory starts again. */
const SEAT_MEMORY = 50_000;

/**
 * Tells a class's teacher page that something changed, from the play path: which class a player
 * sits in is remembered per player (null: none) until any seat changes on any server (the bus's
 * 'seats' notice), so a choice of a player in no class costs one map lookup. A class hears at
 * once of a change after a quiet spell, and at most once per CLASS_NOTICE_MS.
 */
export class ClassActivity {
  private readonly seats = new Map<string, string | null>();
  private readonly due = new Map<string, NodeJS.Timeout>();
  /** When each class's last notice went out (ms). */
  private readonly sent = new Map<string, number>();
  private generation = 0;
  private readonly stops: (() => void)[];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: LiveBus,
    private readonly log: { error(obj: object, msg: string): void },
  ) {
    // A LISTEN connection lost or made again may have missed seat notices: start again then too.
    const forget = () => this.forgetSeats();
    this.stops = [bus.onSeatsFlush(forget), bus.onInvalidate(forget)];
  }

  /** A player made a choice: their class (if any) hears of it. Never throws, never waits. */
  note(userId: string): void {
    const known = this.bus.coherent() ? this.seats.get(userId) : undefined;
    if (known === null) return;
    if (known !== undefined) {
      this.changed(known);
      return;
    }
    const since = this.generation;
    seatOf(this.db, userId).then(
      (seat) => {
        const classId = seat?.class_id ?? null;
        if (since === this.generation) {
          if (this.seats.size >= SEAT_MEMORY) this.seats.clear();
          this.seats.set(userId, classId);
        }
        if (classId) this.changed(classId);
      },
      (err) => this.log.error({ err }, 'class activity: seat lookup failed'),
    );
  }

  /** A class's page changed: a notice now, or CLASS_NOTICE_MS after the last one. */
  changed(classId: string): void {
    if (this.due.has(classId)) return;
    const send = () => {
      this.due.delete(classId);
      if (this.sent.size >= SEAT_MEMORY) this.sent.clear();
      this.sent.set(classId, Date.now());
      void this.bus.publishClass(classId).catch(() => {});
    };
    const wait = (this.sent.get(classId) ?? 0) + CLASS_NOTICE_MS - Date.now();
    if (wait <= 0) {
      send();
      return;
    }
    const timer = setTimeout(send, wait);
    timer.unref();
    this.due.set(classId, timer);
  }

  /** Seats changed here: forget every remembered seat, here and on the other servers. */
  seatsChanged(): void {
    this.forgetSeats();
    void this.bus.publishFlush('seats');
  }

  private forgetSeats(): void {
    this.generation++;
    this.seats.clear();
  }

  close(): void {
    for (const stop of this.stops) stop();
    for (const timer of this.due.values()) clearTimeout(timer);
    this.due.clear();
  }
}

const activities = new WeakMap<Kysely<Database>, ClassActivity>();

/** Registers the class activity of an app's database (the class routes do, at start). */
export function setClassActivity(db: Kysely<Database>, activity: ClassActivity | null): void {
  if (activity) activities.set(db, activity);
  else activities.delete(db);
}

/** The class activity of a database, if the class routes registered one. */
export function classActivityOf(db: Kysely<Database>): ClassActivity | undefined {
  return activities.get(db);
}

/** The play path's hook: after a committed choice, the player's class (if any) hears of it. */
export function noteClassActivity(db: Kysely<Database>, userId: string): void {
  activities.get(db)?.note(userId);
}
