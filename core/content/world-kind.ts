import type { z } from 'zod';

/** The tables of the world collections an admin manages in one list each. */
type WorldTable = 'random_events' | 'advertisements' | 'sponsors' | 'news_items';

/**
 * One kind of world content (random events, advertisements, sponsors, news): its row as stored
 * and exported, the admin form's body, the admin API's answer, and the mapping between them.
 * The admin routes, the collection page, the adventure file and the demo content all use it.
 */
export interface WorldKind<
  Row extends z.ZodObject = z.ZodObject,
  Input extends z.ZodType = z.ZodType,
  View extends z.ZodType = z.ZodType,
> {
  /** The kind's name in the adventure file and the admin API path (`/api/admin/<path>`). */
  readonly name: 'randomEvents' | 'advertisements' | 'sponsors' | 'news';
  readonly path: string;
  readonly table: WorldTable;
  /** What one item is called in messages, e.g. 'Random event' ('Random event not found'). */
  readonly noun: string;
  /** The key of the list in GET /api/admin/<path>, e.g. `{ events: [...] }`. */
  readonly listKey: string;
  readonly rowSchema: Row;
  readonly inputSchema: Input;
  readonly viewSchema: View;
  /** The row's on/off column, when the list has an Active toggle. */
  readonly activeColumn: 'is_active' | 'active' | null;
  /** The admin list's order: columns with their direction. */
  readonly orderBy: readonly (readonly [string, 'asc' | 'desc'])[];
  /** A stored row as the admin API shows it. */
  toView(row: z.output<Row>): z.output<View>;
  /** The columns a saved form sets (the rest keep their value, or the row's default on create). */
  toValues(input: z.output<Input>): Partial<z.output<Row>>;
}

/** The admin list's usual order: newest first (ties by id). */
const NEWEST_FIRST = [
  ['created_at', 'desc'],
  ['id', 'asc'],
] as const;

/**
 * Declares a world kind with its types checked (see WorldKind). The API path defaults to the
 * name in kebab-case (randomEvents → random-events), the order to newest first.
 */
export function defineWorldKind<
  Row extends z.ZodObject,
  Input extends z.ZodType,
  View extends z.ZodType,
>(
  kind: Omit<WorldKind<Row, Input, View>, 'path' | 'orderBy'> &
    Partial<Pick<WorldKind<Row, Input, View>, 'orderBy'>>,
): WorldKind<Row, Input, View> {
  const path = kind.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return { path, orderBy: NEWEST_FIRST, ...kind };
}
