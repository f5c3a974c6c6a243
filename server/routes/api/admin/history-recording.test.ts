import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSceneSchema } from '../../../../core/api/admin-scenes.ts';
import { ADMIN_DEFAULT_STATS } from '../../../../core/game/stats.ts';
import { testEngines } from '../../../../test/server/databases.ts';
import { newScene, openSceneKit, type SceneKit } from '../../../../test/server/scene-kit.ts';
import { listRevisions } from '../../../db/repositories/history.ts';
import { editScene } from '../../../services/scenes/scene-admin.ts';

/*
 * History is written by the services, inside the change's transaction (docs/history.md). This
 * file walks every admin write route the server registered (from its OpenAPI document), so a
 * new route that changes a tracked kind cannot forget its revision: each one is either called
 * here and must leave a revision (or a 'Recently deleted' entry, or an undo entry), or is named
 * with the reason it changes nothing history keeps.
 */

type Effect = 'revision' | 'deleted' | 'import';
interface Call {
  url: string;
  body?: unknown;
  /** The item whose history must grow (kind, id); for 'import', none. */
  item?: [string, string];
  effect: Effect;
}

/** Admin writes that change nothing history keeps, and why. */
const KEEPS_NO_HISTORY: Record<string, string> = {
  'POST /api/admin/scenes/{id}/initial':
    'the initial flag is not part of a scene’s content (core/history/diff.ts)',
  'PUT /api/admin/story-map/positions': 'a box’s place on the map is not content',
  'POST /api/admin/playtests': 'starts a test game',
  'POST /api/admin/uploads': 'stores an image by its hash; images are never removed',
  'POST /api/admin/ai/scene': 'a draft, not saved',
  'POST /api/admin/ai/scene/stream': 'a draft, not saved',
  'POST /api/admin/import/dry-run': 'writes nothing',
  'POST /api/admin/history/{kind}/{id}/{revision}/restore': 'called below: a restore revision',
  'POST /api/admin/undo/{id}': 'called below: an undelete revision',
};

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];

describe.each(testEngines)('history recorded by the services ($name)', (engine) => {
  let k: SceneKit;
  const revisions = (kind: string, id: string) => listRevisions(k.db.db, kind, id);
  const undoEntries = async () => (await k.call('GET', '/api/admin/undo')).json().entries;
  const created = async (url: string, body: unknown) => {
    const res = await k.call('POST', url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    return res.json().id as string;
  };

  beforeAll(async () => {
    k = await openSceneKit(engine);
  });
  afterAll(() => k.close());

  /** How to call each tracked write: made fresh, since some delete what they touch. */
  async function callsFor(): Promise<Record<string, Call>> {
    await k.call('POST', '/api/admin/scenes', newScene('walk'));
    await k.call('POST', '/api/admin/scenes', newScene('gone'));
    const option = (
      await k.call('POST', '/api/admin/scenes/walk/options', {
        text: 'Onward',
        destinationType: 'scene',
        nextSceneId: 'gone',
      })
    ).json().option.id as string;
    const world = {
      'random-events': ['randomEvent', { title: 'Update', description: 'Rankings move.' }],
      sponsors: ['sponsor', { name: 'Felt Co', url: 'https://felt.example' }],
      news: ['news', { content: 'Hats are back' }],
      advertisements: ['advertisement', { title: 'Hat sale' }],
    } as const;
    const calls: Record<string, Call> = {
      'POST /api/admin/scenes': {
        url: '/api/admin/scenes',
        body: newScene('fresh'),
        item: ['scene', 'fresh'],
        effect: 'revision',
      },
      'PUT /api/admin/scenes/{id}': {
        url: '/api/admin/scenes/walk',
        body: { title: 'Walk on', description: 'Further' },
        item: ['scene', 'walk'],
        effect: 'revision',
      },
      'DELETE /api/admin/scenes/{id}': {
        url: '/api/admin/scenes/gone',
        item: ['scene', 'gone'],
        effect: 'deleted',
      },
      'POST /api/admin/scenes/{id}/options': {
        url: '/api/admin/scenes/walk/options',
        body: { text: 'Back', destinationType: 'scene', nextSceneId: 'walk' },
        item: ['scene', 'walk'],
        effect: 'revision',
      },
      'PUT /api/admin/scenes/{id}/options/{optionId}': {
        url: `/api/admin/scenes/walk/options/${option}`,
        body: { text: 'Onward, slowly', destinationType: 'scene', nextSceneId: 'gone' },
        item: ['scene', 'walk'],
        effect: 'revision',
      },
      'DELETE /api/admin/scenes/{id}/options/{optionId}': {
        url: `/api/admin/scenes/walk/options/${option}`,
        item: ['scene', 'walk'],
        effect: 'revision',
      },
      'PUT /api/admin/scenes/{id}/stats': {
        url: '/api/admin/scenes/walk/stats',
        body: {
          statsConfig: [...ADMIN_DEFAULT_STATS, { id: 'stat-9', name: 'Grit', defaultValue: '3' }],
        },
        item: ['scene', 'walk'],
        effect: 'revision',
      },
      'POST /api/admin/import': {
        url: '/api/admin/import',
        body: {
          format: 'json',
          text: JSON.stringify((await k.call('GET', '/api/admin/export.json')).json()),
        },
        effect: 'import',
      },
    };
    for (const [path, [kind, body]] of Object.entries(world)) {
      const base = `/api/admin/${path}`;
      const a = await created(base, body);
      const b = await created(base, body);
      const changed = { ...body, ...('title' in body ? { title: 'Changed' } : {}) };
      calls[`POST ${base}`] = { url: base, body, effect: 'revision', item: [kind, '(created)'] };
      calls[`PUT ${base}/{id}`] = {
        url: `${base}/${a}`,
        body: 'name' in body ? { ...body, name: 'Felt & Co' } : { ...changed, content: 'News' },
        item: [kind, a],
        effect: 'revision',
      };
      calls[`PATCH ${base}/{id}/active`] = {
        url: `${base}/${a}/active`,
        body: { active: false },
        item: [kind, a],
        effect: 'revision',
      };
      calls[`DELETE ${base}/{id}`] = { url: `${base}/${b}`, item: [kind, b], effect: 'deleted' };
    }
    const consultant = { name: 'Ada Crawl', contactEmail: 'ada@example.com' };
    const c1 = await created('/api/admin/consultants', consultant);
    const c2 = await created('/api/admin/consultants', consultant);
    calls['POST /api/admin/consultants'] = {
      url: '/api/admin/consultants',
      body: consultant,
      item: ['consultant', '(created)'],
      effect: 'revision',
    };
    calls['POST /api/admin/consultants/{id}/status'] = {
      url: `/api/admin/consultants/${c1}/status`,
      body: { action: 'feature' },
      item: ['consultant', c1],
      effect: 'revision',
    };
    calls['DELETE /api/admin/consultants/{id}'] = {
      url: `/api/admin/consultants/${c2}`,
      item: ['consultant', c2],
      effect: 'deleted',
    };
    for (const doc of ['settings/seo', 'settings/fonts', 'pages/home', 'pages/{slug}']) {
      const id = doc.replace('{slug}', 'about');
      const now = (await k.call('GET', `/api/admin/${id}`)).json();
      const body = doc.startsWith('pages/')
        ? { ...now.content, title: `${now.title} (edited)` }
        : doc === 'settings/seo'
          ? { ...now, seoTitle: 'Hats, edited' }
          : { ...now, headingFont: now.headingFont === 'VT323' ? 'Inter' : 'VT323' };
      calls[`PUT /api/admin/${doc}`] = {
        url: `/api/admin/${id}`,
        body,
        item: ['document', id],
        effect: 'revision',
      };
    }
    return calls;
  }

  it('every admin write of a tracked kind leaves a revision, found by walking the routes', async () => {
    const doc = (await k.call('GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const writes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => WRITE_METHODS.includes(m))
          .map((m) => `${m.toUpperCase()} ${path}`),
      );
    expect(writes.length).toBeGreaterThan(30);
    const calls = await callsFor();
    const unknown = writes.filter((w) => !(w in calls) && !(w in KEEPS_NO_HISTORY));
    expect(unknown, 'admin writes neither called here nor named as keeping no history').toEqual([]);
    for (const route of writes.filter((w) => w in calls)) {
      const c = calls[route]!;
      const method = route.split(' ')[0] as 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const [kind, id] = c.item ?? ['', ''];
      const before = c.item ? (await revisions(kind, id)).length : 0;
      const entriesBefore = (await undoEntries()).length;
      const res = await k.call(method, c.url, c.body);
      expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(300);
      if (c.effect === 'revision') {
        const target = id === '(created)' ? (res.json().scene?.id ?? res.json().id) : id;
        const after = await revisions(kind, target);
        expect(after.length, `${route} leaves a revision`).toBeGreaterThan(before);
      } else {
        const entries = await undoEntries();
        expect(entries.length, `${route} leaves an undo entry`).toBe(entriesBefore + 1);
        expect(entries[0]).toMatchObject(
          c.effect === 'import' ? { action: 'import' } : { action: 'delete', itemId: id },
        );
      }
    }
  });

  it('a failed save leaves no revision and no change', async () => {
    await k.call('POST', '/api/admin/scenes', newScene('sturdy'));
    const before = await revisions('scene', 'sturdy');
    // The scene's fields are written before its options; the second option is refused.
    const bad = await k.call('PUT', '/api/admin/scenes/sturdy', {
      title: 'Half saved?',
      description: 'No',
      options: [
        { text: 'Fine', destinationType: 'scene', nextSceneId: 'sturdy' },
        { text: 'Bad', destinationType: 'url', nextUrl: 'javascript:alert(1)' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(await revisions('scene', 'sturdy')).toEqual(before);
    const scene = (await k.call('GET', '/api/admin/scenes/sturdy')).json().scene;
    expect(scene.title).toBe('Scene sturdy');
  });

  it('a save whose revision cannot be written is not saved either', async () => {
    await k.call('POST', '/api/admin/scenes', newScene('doomed'));
    const db = k.db.db;
    if (engine.name === 'sqlite') {
      await sql`create trigger refuse_doomed before insert on revisions
        when new.item_id = 'doomed' begin select raise(abort, 'no revisions'); end`.execute(db);
    } else {
      await sql`create function refuse_doomed() returns trigger language plpgsql as $$
        begin if new.item_id = 'doomed' then raise exception 'no revisions'; end if;
        return new; end $$`.execute(db);
      await sql`create trigger refuse_doomed before insert on revisions
        for each row execute function refuse_doomed()`.execute(db);
    }
    const author = { id: k.admin.userId, name: 'Admin' };
    await expect(
      editScene(
        db,
        'doomed',
        updateSceneSchema.parse({ title: 'Lost?', description: 'x' }),
        author,
      ),
    ).rejects.toThrow(/no revisions/);
    const scene = (await k.call('GET', '/api/admin/scenes/doomed')).json().scene;
    expect(scene.title).toBe('Scene doomed');
  });

  it('a scene created with a deleted scene’s id starts a fresh history; an undo brings the old one back', async () => {
    await k.call('POST', '/api/admin/scenes', newScene('again'));
    await k.call('PUT', '/api/admin/scenes/again', { title: 'First life', description: 'One' });
    expect(await revisions('scene', 'again')).toHaveLength(2);
    expect((await k.call('DELETE', '/api/admin/scenes/again')).statusCode).toBe(204);
    const entry = (await undoEntries())[0];
    await k.call('POST', '/api/admin/scenes', newScene('again', { title: 'Second life' }));
    const fresh = (await k.call('GET', '/api/admin/history/scene/again')).json().revisions;
    expect(fresh.map((r: { action: string }) => r.action)).toEqual(['create']);
    // The first life waits with its Recently deleted entry; back once the id is free.
    await k.call('DELETE', '/api/admin/scenes/again');
    expect((await k.call('POST', `/api/admin/undo/${entry.id}`)).statusCode).toBe(200);
    const back = (await k.call('GET', '/api/admin/history/scene/again')).json().revisions;
    expect(back.map((r: { action: string }) => r.action)).toEqual(['undelete', 'save', 'create']);
  });

  it('an undo of an import after later work asks, names it, and keeps it', async () => {
    await k.call('POST', '/api/admin/scenes', newScene('before'));
    const file = (await k.call('GET', '/api/admin/export.json')).json();
    const imported = {
      ...file,
      scenes: file.scenes.map((s: { id: string }) =>
        s.id === 'before' ? { ...s, title: 'Imported title' } : s,
      ),
    };
    const applied = await k.call('POST', '/api/admin/import', {
      format: 'json',
      text: JSON.stringify(imported),
    });
    expect(applied.statusCode).toBe(200);
    const entry = (await undoEntries())[0];
    expect(entry.action).toBe('import');
    // Later work: a new scene, and a save over an imported one.
    await k.call('POST', '/api/admin/scenes', newScene('later', { title: 'Written after' }));
    await k.call('PUT', '/api/admin/scenes/before', { title: 'Edited after', description: 'x' });

    const asked = await k.call('POST', `/api/admin/undo/${entry.id}`, {});
    expect(asked.statusCode).toBe(409);
    expect(asked.json().code).toBe('LATER_WORK');
    expect(asked.json().message).toBe(
      'Undoing this import would remove what was made after it: scene "Written after" (kept in Recently deleted); and put back as before it what was changed after it: scene "Edited after" (your later version stays in its History). Undo it anyway?',
    );
    // Asking changed nothing, and the entry can still be undone.
    expect((await k.call('GET', '/api/admin/scenes/later')).statusCode).toBe(200);
    expect((await undoEntries())[0]).toMatchObject({ id: entry.id, undoneAt: null });

    const done = await k.call('POST', `/api/admin/undo/${entry.id}`, { confirm: true });
    expect(done.statusCode).toBe(200);
    expect((await k.call('GET', '/api/admin/scenes/later')).statusCode).toBe(404);
    const kept = (await undoEntries()).find((e: { itemId: string }) => e.itemId === 'later');
    expect(kept).toMatchObject({ action: 'delete', label: 'Written after', undoneAt: null });
    const history = (await k.call('GET', '/api/admin/history/scene/before')).json().revisions;
    expect(history.map((r: { action: string }) => r.action).slice(0, 2)).toEqual([
      'restore',
      'save',
    ]);
    // The later scene comes back from Recently deleted.
    expect((await k.call('POST', `/api/admin/undo/${kept.id}`)).statusCode).toBe(200);
    expect((await k.call('GET', '/api/admin/scenes/later')).json().scene.title).toBe(
      'Written after',
    );
  });

  it('a save made on a scene loaded before an import is a conflict', async () => {
    await k.call('POST', '/api/admin/scenes', newScene('open'));
    const loaded = (await k.call('GET', '/api/admin/scenes/open')).json().scene;
    const file = (await k.call('GET', '/api/admin/export.json')).json();
    const imported = {
      ...file,
      scenes: file.scenes.map((s: { id: string }) =>
        s.id === 'open' ? { ...s, description: 'From the import' } : s,
      ),
    };
    await k.call('POST', '/api/admin/import', { format: 'json', text: JSON.stringify(imported) });
    const stale = await k.call('PUT', '/api/admin/scenes/open', {
      title: 'Mine',
      description: 'Typed before the import',
      version: loaded.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.scene.description).toBe('From the import');
  });
});
