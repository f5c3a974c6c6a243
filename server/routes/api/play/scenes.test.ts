import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { playFixture } from '../../../../test/server/play-fixture.ts';
import { choose, play } from '../../../../test/server/play-requests.ts';
import { guestSession, signUp } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Db } from '../../../db/database.ts';

describe.each(testEngines)('scene reads on $name', (engine) => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    d = await engine.open();
    app = await buildTestApp(d, { content: playFixture() });
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  it('shows the scene players see and never reference or AI instructions', async () => {
    const s = await guestSession(app);
    const res = await play(app, s.cookie, 'GET', '/api/play/scenes/intro');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('SECRET');
    expect(res.body).not.toMatch(/reference|ai_instructions|html_section/);
    const { scene } = res.json();
    expect(scene).toMatchObject({
      id: 'intro',
      title: 'The Shop Opens',
      subtitle: 'Day one',
      description: '<p>Your hat shop is online.</p>',
      imageUrl: 'https://example.com/intro.png',
      hasHtml: false,
      day: 1,
      isEnding: false,
      isEndOfDay: false,
      hasStatsConfig: true,
      takesChoices: true,
      isCurrent: true,
    });
    const byId = Object.fromEntries(scene.options.map((o: { id: string }) => [o.id, o]));
    expect(scene.options.map((o: { id: string }) => o.id)[0]).toBe('intro--learn');
    expect(byId['intro--locked']).toMatchObject({
      locked: true,
      lockedReason: 'Requires Knowledge 50',
    });
    expect(byId['intro--learn']).toMatchObject({
      locked: false,
      lockedReason: null,
      isPending: false,
    });
    expect(byId['intro--pending']).toMatchObject({
      isPending: true,
      nextSceneId: 'pending-the-cave',
    });
    expect(byId['intro--url']).toMatchObject({
      nextUrl: 'https://example.com/guide',
      nextSceneId: null,
    });
  });

  it('locks against the player’s stats and items; reading another scene changes nothing', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    const before = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    const shop = (await play(app, s.cookie, 'GET', '/api/play/scenes/shop')).json().scene;
    expect(shop).toMatchObject({ isCurrent: false, hasStatsConfig: false, hasHtml: true });
    expect(shop.options.find((o: { id: string }) => o.id === 'shop--map').lockedReason).toBe(
      'Requires item: Map',
    );
    expect((await play(app, s.cookie, 'GET', '/api/play/game')).json()).toEqual(before);
    await choose(app, s.cookie, 'intro--free');
    const after = (await play(app, s.cookie, 'GET', '/api/play/scenes/shop')).json().scene;
    expect(after.isCurrent).toBe(true);
    expect(after.options.find((o: { id: string }) => o.id === 'shop--map').locked).toBe(false);
  });

  it('reads several scenes in one request, each exactly as the single read shows it', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    await choose(app, s.cookie, 'intro--free');
    const res = await play(app, s.cookie, 'GET', '/api/play/scenes?ids=loop,shop,nowhere,loop');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const batch = res.json();
    expect(batch.missing).toEqual(['nowhere']);
    expect(batch.scenes.map((x: { id: string }) => x.id)).toEqual(['loop', 'shop']);
    for (const scene of batch.scenes) {
      const single = await play(app, s.cookie, 'GET', `/api/play/scenes/${scene.id}`);
      expect(scene).toEqual(single.json().scene);
    }
    // Same rules as one read: the player's locks and current scene, no admin-only fields.
    const shop = batch.scenes[1];
    expect(shop.isCurrent).toBe(true);
    expect(shop.options.find((o: { id: string }) => o.id === 'shop--map').locked).toBe(false);
    expect(res.body).not.toMatch(/reference|ai_instructions|html_section/);
  });

  it('refuses a batch without a session, without ids or with too many', async () => {
    expect((await play(app, null, 'GET', '/api/play/scenes?ids=intro')).statusCode).toBe(401);
    const s = await guestSession(app);
    for (const url of ['/api/play/scenes', '/api/play/scenes?ids=', '/api/play/scenes?ids=,']) {
      const res = await play(app, s.cookie, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/ids/);
    }
    const ids = Array.from({ length: 21 }, (_, i) => `s${i}`).join(',');
    const tooMany = await play(app, s.cookie, 'GET', `/api/play/scenes?ids=${ids}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('ids: at most 20 scenes at once');
    const twenty = Array.from({ length: 20 }, (_, i) => `s${i}`).join(',');
    const fine = await play(app, s.cookie, 'GET', `/api/play/scenes?ids=${twenty}`);
    expect(fine.json()).toEqual({ scenes: [], missing: twenty.split(',') });
  });

  it('shows no options on an ending; end-of-day scenes keep theirs', async () => {
    const s = await guestSession(app);
    const end = (await play(app, s.cookie, 'GET', '/api/play/scenes/the-end')).json().scene;
    expect(end).toMatchObject({ isEnding: true, takesChoices: false, options: [] });
    const day = (await play(app, s.cookie, 'GET', '/api/play/scenes/d1-end')).json().scene;
    expect(day).toMatchObject({ isEndOfDay: true, takesChoices: true });
    expect(day.options).toHaveLength(1);
  });

  it('answers a missing scene with 404, Scene {id} not found and the fallback scene', async () => {
    const s = await guestSession(app);
    const res = await play(app, s.cookie, 'GET', '/api/play/scenes/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'Not Found',
      message: 'Scene nowhere not found',
      fallbackSceneId: 'intro',
    });
  });

  it('serves html_section as a document with its own CSP for a sandboxed iframe', async () => {
    const s = await guestSession(app);
    const res = await play(app, s.cookie, 'GET', '/api/play/scenes/shop/html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("'self'; script-src 'self'");
    expect(res.body.startsWith('<!doctype html>')).toBe(true);
    expect(res.body).toContain('<p id="x">Hello</p><script>document.title = "ran"</script>');
    expect(res.body).toContain('seo-adventure:scene-html-height');
    expect((await play(app, s.cookie, 'GET', '/api/play/scenes/nowhere/html')).statusCode).toBe(
      404,
    );
  });

  it('lists every play route in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/play/game',
      '/api/play/game/start',
      '/api/play/game/continue',
      '/api/play/scenes',
      '/api/play/scenes/{id}',
      '/api/play/scenes/{id}/html',
      '/api/play/choices',
      '/api/play/ads',
      '/api/play/news',
      '/api/play/sponsors',
      '/api/play/settings/fonts',
      '/api/live',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
