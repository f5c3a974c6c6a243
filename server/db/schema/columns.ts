import type { ColumnType } from 'kysely';

/** A boolean column: PostgreSQL returns booleans, SQLite returns 0/1; both accept booleans on write. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** A JSON value kept as text on both engines (parse on read, stringify on write). */
export type JsonText = string;
/** An ISO-8601 timestamp string on both engines. */
export type Timestamp = string;
