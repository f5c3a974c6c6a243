import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../db/schema/database.ts';
import { oneAtATime } from './jobs.ts';

// A full garbage collection on demand (the flag must be set before the context is made).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Queues two jobs (the first slower) and keeps only a weak reference to the last one's result. */
async function twoJobs(db: Kysely<Database>): Promise<WeakRef<object>> {
  const order: string[] = [];
  const slow = oneAtATime(db, async () => {
    await new Promise((r) => setTimeout(r, 20));
    order.push('slow');
  });
  const plan = await oneAtATime(db, async () => {
    order.push('plan');
    return { ids: Array.from({ length: 1000 }, (_, i) => `scene-${i}`) };
  });
  await slow;
  expect(order).toEqual(['slow', 'plan']);
  return new WeakRef(plan);
}

it('runs the jobs of one database in turn and keeps no result once the caller is done', async () => {
  // The queue only needs the database as a key (kept alive here, as a server keeps its database).
  const db = {} as Kysely<Database>;
  const plan = await twoJobs(db);
  // WeakRefs hold their target until the end of the job that made them.
  await new Promise((r) => setImmediate(r));
  gc();
  // The queue's tail settled to the last job's result (an import's plan) and held it until the
  // next import.
  expect(plan.deref()).toBeUndefined();
  await oneAtATime(db, async () => {});
});
