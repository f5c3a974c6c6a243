import { z } from 'zod';

/*
 * Column types of the content tables as one row of them travels: in an adventure file, in the
 * demo content and between the server's repositories and services. Booleans are true/false,
 * JSON columns are JSON values, timestamps ISO strings; a missing optional column is null.
 */

/** A JSON column holding a value of `schema`, or null (missing or undefined become null). */
export const nullJson = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((v) => v ?? null);

/** An optional text column: missing, undefined or null become null. */
export const nullText = nullJson(z.string());

/** An optional whole-number column. */
export const nullInt = nullJson(z.number().int());

/** An optional number column. */
export const nullNumber = nullJson(z.number());

/** A JSON column holding any value; missing becomes null. */
export const jsonValue = nullJson(z.unknown());

/** A JSON column that must hold a value. */
export const requiredJson = z.unknown().refine((v) => v !== undefined && v !== null, 'is required');

/** A flag that is off unless set. */
export const flag = z.boolean().default(false);

/** A switch that is on unless set (active, is_active). */
export const onFlag = z.boolean().default(true);

/** A timestamp column; a row without one gets the current time. */
export const iso = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'must be an ISO date-time')
  .optional()
  .transform((v) => new Date(v ?? Date.now()).toISOString());

/** A primary key (id, slug or settings key). */
export const key = z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters');

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
