import type { Kysely } from 'kysely';
import { columnTypes, isPostgres } from './column-types.ts';
import { createIndexes, dropTables, optional, required } from './helpers.ts';

/**
 * Better Auth's tables (user, session, account, verification) with the admin and anonymous
 * plugin columns and our `username`, in the shape its Kysely adapter expects on each engine.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  // Better Auth stores dates as 'date' on SQLite (ISO text) and timestamptz on PostgreSQL.
  const date = isPostgres(db) ? t.timestamp : 'date';

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', t.bool, (c) => c.notNull())
    .addColumn('image', 'text')
    .$call(required({ createdAt: date, updatedAt: date }))
    .addColumn('role', 'text')
    .addColumn('banned', t.bool)
    .addColumn('banReason', 'text')
    .addColumn('banExpires', date)
    .addColumn('isAnonymous', t.bool)
    .addColumn('username', 'text')
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expiresAt', date, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .$call(required({ createdAt: date, updatedAt: date }))
    .$call(optional({ ipAddress: 'text', userAgent: 'text' }))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('impersonatedBy', 'text')
    .execute();
  await createIndexes(db, 'session', { session_userId_idx: 'userId' });

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(required({ accountId: 'text', providerId: 'text' }))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .$call(optional({ accessToken: 'text', refreshToken: 'text', idToken: 'text' }))
    .$call(optional({ accessTokenExpiresAt: date, refreshTokenExpiresAt: date }))
    .$call(optional({ scope: 'text', password: 'text' }))
    .$call(required({ createdAt: date, updatedAt: date }))
    .execute();
  await createIndexes(db, 'account', { account_userId_idx: 'userId' });

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(required({ identifier: 'text', value: 'text', expiresAt: date }))
    .$call(required({ createdAt: date, updatedAt: date }))
    .execute();
  await createIndexes(db, 'verification', { verification_identifier_idx: 'identifier' });
}

/** Drops the auth tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['verification', 'account', 'session', 'user'], { ifExists: true });
}
