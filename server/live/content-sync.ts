import type { FastifyInstance } from 'fastify';
import { contentCacheOf } from '../db/repositories/content-cache.ts';
import { liveBus } from './bus.ts';

/**
 * Keeps this server's content cache coherent with the others (PostgreSQL): every notice on the
 * live bus (news, content and the servers' own 'cache' flushes) empties it, each content write
 * committed here is announced to the others, and the cache stores nothing while the LISTEN
 * connection is down (it empties when the connection comes back). On SQLite one process owns the
 * database and the driver watch (db/content-writes.ts) is enough; the bus is local.
 */
export async function syncContentCache(app: FastifyInstance): Promise<void> {
  const cache = contentCacheOf(app.db);
  if (!cache) return;
  const bus = await liveBus(app);
  const follow = () => {
    cache.coherent = bus.coherent();
    cache.bump();
  };
  follow();
  const stopInvalidate = bus.onInvalidate(follow);
  const stopCommit = cache.onCommit(() => void bus.publishFlush('cache'));
  app.addHook('onClose', async () => {
    stopInvalidate();
    stopCommit();
    cache.coherent = false;
  });
}
