import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import { playFixture } from '../../../test/server/play-fixture.ts';
import { adminSession, guestSession, type TestSession } from '../../../test/server/sessions.ts';
import { buildTestApp } from '../../../test/server/test-app.ts';
import { liveBus } from '../../live/bus.ts';
import { type Db, openDatabase } from '../database.ts';
import { ContentCache, pending } from './content-cache.ts';
import { getPlayScene } from './play-content-cache.ts';

/** A promise and the function that settles it. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('content cache generations', () => {
  it('does not keep a read that a write overtook, and keeps the next one', async () => {
    const cache = new ContentCache({ coherent: true });
    const gate = deferred<string>();
    const racing = cache.get('scene:a', () => gate.promise);
    cache.writeOpened(); // the write starts while the read is in flight
    cache.writeClosed(true);
    gate.resolve('old');
    expect(await racing).toBe('old');
    expect(cache.size).toBe(0);
    expect(await cache.get('scene:a', async () => 'new')).toBe('new');
    expect(await cache.get('scene:a', async () => 'never read')).toBe('new');
  });

  it('stores nothing while a content write is uncommitted or the servers are not coherent', async () => {
    const cache = new ContentCache({ coherent: true });
    cache.writeOpened();
    await cache.get('k', async () => 1);
    expect(cache.size).toBe(0);
    cache.writeClosed(false);
    cache.coherent = false;
    await cache.get('k', async () => 2);
    expect(cache.size).toBe(0);
    cache.coherent = true;
    await cache.get('k', async () => 3);
    expect(cache.size).toBe(1);
  });

  it('forgets the least recently used value beyond its size, and freezes what it keeps', async () => {
    const cache = new ContentCache({ coherent: true, maxEntries: 2 });
    await cache.get('a', async () => ({ n: 1 }));
    await cache.get('b', async () => ({ n: 2 }));
    await cache.get('a', async () => ({ n: 0 }));
    await cache.get('c', async () => ({ n: 3 }));
    expect(await cache.get('b', async () => ({ n: 22 }))).toEqual({ n: 22 });
    const a = await cache.get('c', async () => ({ n: 0 }));
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('answers a hit with the value itself (no promise to await), null included', async () => {
    const cache = new ContentCache({ coherent: true });
    const miss = cache.get('scene:x', async () => null);
    expect(pending(miss)).toBe(true);
    expect(await miss).toBeNull();
    const hit = cache.get('scene:x', async () => 'read again');
    expect(pending(hit)).toBe(false);
    expect(hit).toBeNull();
  });
});

describe.each(testEngines)('content cache on $name', (engine) => {
  let d: Db;
  let app: FastifyInstance;
  let admin: TestSession;
  let guest: TestSession;
  const title = async (id: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/play/scenes/${id}`,
      headers: { cookie: guest.cookie },
    });
    return res.statusCode === 200 ? (res.json().scene.title as string) : res.statusCode;
  };
  const admin$ = (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { cookie: admin.cookie, origin: app.config.publicUrl },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    d = await engine.open();
    app = await buildTestApp(d, { content: playFixture() });
    admin = await adminSession(app);
    guest = await guestSession(app);
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  it('answers repeated reads from memory', async () => {
    await title('shop');
    const hits = d.contentCache.hits;
    expect(await title('shop')).toBe('Scene shop');
    expect(d.contentCache.hits).toBeGreaterThan(hits);
  });

  it('never serves a scene edited or deleted through the admin API before the read', async () => {
    expect(await title('intro')).toBe('The Shop Opens');
    expect(await title('intro')).toBe('The Shop Opens');
    const put = await admin$('PUT', '/api/admin/scenes/intro', { title: 'Edited Opening' });
    expect(put.statusCode).toBe(200);
    expect(await title('intro')).toBe('Edited Opening');

    expect(await title('shop')).toBe('Scene shop');
    expect((await admin$('DELETE', '/api/admin/scenes/shop')).statusCode).toBe(204);
    expect(await title('shop')).toBe(404);
  });

  it('never serves a scene replaced by an import apply', async () => {
    const exported = (
      await app.inject({
        method: 'GET',
        url: '/api/admin/export.json',
        headers: { cookie: admin.cookie },
      })
    ).json();
    expect(await title('intro')).toBe('Edited Opening');
    const scenes = exported.scenes.map((s: { id: string; title: string }) =>
      s.id === 'intro' ? { ...s, title: 'Imported Opening' } : s,
    );
    // The fixture's deliberately broken font_settings would be refused (imports pass the admin
    // API's rules); a file without settings leaves them as they are.
    const text = JSON.stringify({ ...exported, scenes, settings: undefined });
    const applied = await admin$('POST', '/api/admin/import', { format: 'json', text });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await title('intro')).toBe('Imported Opening');
  });

  it('never keeps what an uncommitted transaction wrote, nor a write any code path makes', async () => {
    expect(await title('intro')).toBe('Imported Opening');
    await d.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('scenarios')
          .set({ title: 'Rolled Back' })
          .where('id', '=', 'intro')
          .execute();
        expect((await getPlayScene(trx, 'intro'))?.title).toBe('Rolled Back');
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await title('intro')).toBe('Imported Opening');
    await d.db
      .updateTable('scenarios')
      .set({ title: 'Direct' })
      .where('id', '=', 'intro')
      .execute();
    expect(await title('intro')).toBe('Direct');
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
const pgEngine = testEngines.find((e) => e.name === 'postgres');

describe.runIf(pgUrl && pgEngine)('two app servers on one PostgreSQL', () => {
  let first: Db;
  let second: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: TestSession;
  let guest: TestSession;
  const titleOn = async (app: FastifyInstance, id: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/play/scenes/${id}`,
      headers: { cookie: guest.cookie },
    });
    return res.statusCode === 200 ? (res.json().scene.title as string) : res.statusCode;
  };
  /** Resolves when server B hears any notice (they are sent after the write commits). */
  const bHears = async () => {
    const bus = await liveBus(b);
    const heard = deferred();
    const off = bus.onInvalidate(() => {
      off();
      heard.resolve();
    });
    return heard.promise;
  };

  beforeAll(async () => {
    first = await pgEngine!.open();
    second = await openDatabase({ databaseUrl: pgUrl, pgSchema: first.schema, pgPoolSize: 2 });
    a = await buildTestApp(first, { content: playFixture(), config: { databaseUrl: pgUrl } });
    b = await buildTestApp(second, { config: { databaseUrl: pgUrl } });
    admin = await adminSession(a);
    guest = await guestSession(b);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await second?.close();
    await first?.close();
  });

  it('keeps both caches coherent through LISTEN/NOTIFY', async () => {
    expect(second.contentCache.coherent).toBe(true);
    expect(await titleOn(b, 'intro')).toBe('The Shop Opens');
    expect(await titleOn(b, 'intro')).toBe('The Shop Opens');
    expect(second.contentCache.size).toBeGreaterThan(0);

    const heard = bHears();
    const put = await a.inject({
      method: 'PUT',
      url: '/api/admin/scenes/intro',
      headers: { cookie: admin.cookie, origin: a.config.publicUrl },
      payload: { title: 'Edited On A' },
    });
    expect(put.statusCode).toBe(200);
    await heard;
    expect(await titleOn(b, 'intro')).toBe('Edited On A');
    expect(await titleOn(a, 'intro')).toBe('Edited On A');

    // A write outside the admin routes (the driver watch announces it too).
    expect(await titleOn(b, 'shop')).toBe('Scene shop');
    const heardDelete = bHears();
    await first.db.deleteFrom('scenarios').where('id', '=', 'shop').execute();
    await heardDelete;
    expect(await titleOn(b, 'shop')).toBe(404);
  });
});
