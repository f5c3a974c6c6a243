import { readFileSync } from 'node:fs';
import { parseTwee as extweeParse, Passage, parseTwine2HTML, Story } from 'extwee';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResponse } from '../../../../core/api/transfer.ts';
import type { Bundle } from '../../../../core/transfer/format.ts';
import { testEngines } from '../../../../test/server/databases.ts';
import { adminSession, guestSession, type TestSession } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import { readContent } from '../../../content/content-files.ts';
import type { Db } from '../../../db/database.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/twine/${name}`, import.meta.url), 'utf8');

/**
 * What Twine keeps of a story: each passage's name, tags, text and position, and the story's
 * name, IFID, format and start. Everything else (other metadata) is dropped on the way.
 */
function throughTwine(story: Story): Story {
  const kept = new Story(story.name);
  kept.IFID = story.IFID;
  kept.start = story.start;
  kept.format = story.format;
  kept.formatVersion = story.formatVersion;
  for (const p of story.passages) {
    if (p.name === 'StoryTitle' || p.name === 'StoryData') continue;
    const position = (p.metadata as { position?: string }).position;
    kept.addPassage(new Passage(p.name, p.text, p.tags, position ? { position } : {}));
  }
  return kept;
}

const noChange = (plan: ImportResponse['plan']) => {
  for (const [kind, diff] of Object.entries(plan.kinds)) {
    expect(diff, kind).toMatchObject({ added: [], changed: [], removed: [] });
  }
  expect(plan.files.added).toBe(0);
  expect(plan.story?.changed ?? false, JSON.stringify(plan.story)).toBe(false);
};

describe.each(testEngines)('Twine round trips on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let admin: TestSession;
  let exported: Bundle;

  const send = (url: string, payload: { format: string; text: string }) =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin.cookie, origin: app.config.publicUrl },
      payload,
    });
  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });

  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { content: await readContent() });
    admin = await adminSession(app);
    exported = (await get('/api/admin/export.json')).json() as Bundle;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('survives extwee keeping only names, tags, text and position: the import changes nothing', async () => {
    const twee = (await get('/api/admin/export.twee')).body;
    // The header metadata is position and size only: extwee cuts nothing out of the names.
    for (const header of twee.split('\n').filter((l) => l.startsWith(':: '))) {
      expect(header).toMatch(/^:: [^{]+(?: \{"position":"\d+,\d+","size":"100,100"\})?$/);
    }
    const story = extweeParse(twee);
    expect(story.passages.length).toBe((exported.scenes?.length ?? 0) + 1);
    const again = throughTwine(story).toTwee();
    const dry = await send('/api/admin/import/dry-run', { format: 'twee', text: again });
    expect(dry.statusCode, dry.body).toBe(200);
    const result = dry.json() as ImportResponse;
    noChange(result.plan);
    expect(result.plan.kinds.scenes?.unchanged).toBe(exported.scenes?.length);
    expect(result.plan.kinds.options?.unchanged).toBe(exported.options?.length);

    // The same through Twine 2 HTML (as Twine publishes or archives it).
    const html = throughTwine(story).toTwine2HTML();
    const fromHtml = await send('/api/admin/import/dry-run', { format: 'html', text: html });
    expect(fromHtml.statusCode, fromHtml.body).toBe(200);
    noChange((fromHtml.json() as ImportResponse).plan);
  });

  it("names no story format of its own and keeps an imported story's identity", async () => {
    const twee = (await get('/api/admin/export.twee')).body;
    const data = JSON.parse(/:: StoryData\n([\s\S]*?)\n\n/.exec(twee)?.[1] ?? '{}');
    expect(data.format).toBeUndefined();
    expect(data.ifid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-8[0-9A-F]{3}-[0-9A-F]{12}$/);

    const html = fixture('harlowe-lock-and-key.html');
    const dry = (await send('/api/admin/import/dry-run', { format: 'html', text: html })).json();
    expect(dry.plan.story).toEqual({
      ifid: '41733B9A-D7C9-4C2D-A27A-2F1D4BB6D189',
      title: 'Lock and Key: Variable in Harlowe',
      format: 'Harlowe',
      formatVersion: '2.0.1',
      changed: true,
    });
    const applied = await send('/api/admin/import', { format: 'html', text: html });
    expect(applied.statusCode, applied.body).toBe(200);
    const back = (await get('/api/admin/export.twee')).body;
    expect(back).toMatch(/^:: StoryTitle\nLock and Key: Variable in Harlowe\n/);
    expect(JSON.parse(/:: StoryData\n([\s\S]*?)\n\n/.exec(back)?.[1] ?? '{}')).toEqual({
      ifid: '41733B9A-D7C9-4C2D-A27A-2F1D4BB6D189',
      format: 'Harlowe',
      'format-version': '2.0.1',
      start: 'Start',
    });
    // The JSON export carries it too, and a guest starts at the story's Start passage.
    expect((await get('/api/admin/export.json')).json().story.ifid).toBe(
      '41733B9A-D7C9-4C2D-A27A-2F1D4BB6D189',
    );
    const guest = await guestSession(app);
    const game = await app.inject({
      method: 'POST',
      url: '/api/play/game/start',
      headers: { cookie: guest.cookie },
    });
    expect(game.json().player).toMatchObject({
      currentSceneId: 'start',
      currentSceneTitle: 'Start',
    });
    const scene = await app.inject({
      method: 'GET',
      url: '/api/play/scenes/start',
      headers: { cookie: guest.cookie },
    });
    expect(JSON.stringify(scene.json())).toContain('Front Room');
    // Its own export read back changes nothing either.
    noChange((await send('/api/admin/import/dry-run', { format: 'twee', text: back })).json().plan);
    // Put the demo adventure back.
    const restore = await send('/api/admin/import', {
      format: 'json',
      text: JSON.stringify(exported),
    });
    expect(restore.statusCode).toBe(200);
  });

  it('reads a Twine 2 file the way extwee reads it: every passage and link arrives', async () => {
    const html = fixture('harlowe-lock-and-key.html');
    const theirs = parseTwine2HTML(html);
    const dry = (await send('/api/admin/import/dry-run', { format: 'html', text: html })).json();
    const { added, changed, unchanged } = dry.plan.kinds.scenes;
    expect(added.length + changed.length + unchanged).toBe(theirs.passages.length);
    expect(theirs.passages.length).toBe(4);
  });
});
