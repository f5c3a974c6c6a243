import type { z } from 'zod';

/** The tables of the world collections an admin manages in one list each. */
export type WorldTable = 'random_events' | 'advertisements' | 'sponsors' | 'news_items';

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

/** Declares a world kind with its types checked (see WorldKind). */
export function defineWorldKind<
  Row extends z.ZodObject,
  Input extends z.ZodType,
  View extends z.ZodType,
>(kind: WorldKind<Row, Input, View>): WorldKind<Row, Input, View> {
  return kind;
}

type Camel<S extends string> = S extends `${infer H}_${infer T}`
  ? `${H}${Capitalize<Camel<T>>}`
  : S;
type Snake<S extends string> = S extends `${infer C}${infer R}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${Snake<R>}`
  : S;

/** A row with its snake_case columns named in camelCase, as the admin API shows them. */
export type CamelRow<R> = { [K in keyof R & string as Camel<K>]: R[K] };
/** Form values with their camelCase fields named as the snake_case columns that store them. */
export type SnakeRow<V> = { [K in keyof V & string as Snake<K>]: V[K] };

/** A stored row as the admin API shows it: every column, named in camelCase (image_url → imageUrl). */
export function camelRow<R extends object>(row: R): CamelRow<R> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase()), v]),
  ) as CamelRow<R>;
}

/** A saved form as the columns it sets: every field, named in snake_case (imageUrl → image_url). */
export function snakeRow<V extends object>(values: V): SnakeRow<V> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  ) as SnakeRow<V>;
}
