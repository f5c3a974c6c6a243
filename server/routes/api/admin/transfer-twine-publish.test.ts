import { readFileSync } from 'node:fs';
import { parseTwine2HTML } from 'extwee';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResponse } from '../../../../core/api/transfer.ts';
import { launchBrowser } from '../../../../e2e/support/browser.ts';
import { testEngines } from '../../../../test/server/databases.ts';
import { adminSession, type TestSession } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import { firstLinks, followLinks } from '../../../../test/twine/play-story.ts';
import {
  type FormatDir,
  publish,
  storyDataOf,
  storyDataOfTwee,
} from '../../../../test/twine/publish.ts';
import type { Db } from '../../../db/database.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/twine/${name}`, import.meta.url), 'utf8');

/**
 * Every story of test/fixtures/twine, imported, exported as a Twine 2 archive and published with
 * its own story format (test/fixtures/twine/formats/), plays in Chromium as the original
 * published with that format: the same first three links lead to the same screens, with the same
 * story JavaScript and stylesheet and no new page errors. `start` names the start passage of a
 * Twee file that names none (Tweego would refuse it): a StoryData saying so is put in front, for
 * the original and the import alike.
 */
const STORIES: { file: string; format: FormatDir; start?: string }[] = [
  { file: 'harlowe-quack-of-duckness.html', format: 'harlowe-3.3.9' },
  { file: 'harlowe-lock-and-key.html', format: 'harlowe-2.1.0' },
  { file: 'harlowe-dungeon.twee', format: 'harlowe-3.3.9' },
  { file: 'sugarcube-random-events.twee', format: 'sugarcube-2.37.3' },
  { file: 'sugarcube-dungeon.twee', format: 'sugarcube-2.37.3', start: 'Map System' },
  { file: 'sugarcube-lock-and-key.twee', format: 'sugarcube-2.37.3' },
  { file: 'snowman-gate-quest.twee', format: 'snowman-2.1.1' },
  { file: 'chapbook-links.twee', format: 'chapbook-2.3.0' },
  { file: 'chapbook-lock-and-key.twee', format: 'chapbook-2.3.0' },
];

/** The fixture as imported, and its `<tw-storydata>` as Twine would publish it (by extwee). */
function original(story: (typeof STORIES)[number]): { text: string; data: string } {
  const raw = fixture(story.file);
  if (story.file.endsWith('.html')) return { text: raw, data: storyDataOf(raw) };
  const text = story.start
    ? `:: StoryData\n${JSON.stringify({ ifid: 'D0C0FFEE-0000-4000-8000-000000000001', start: story.start })}\n\n${raw}`
    : raw;
  return { text, data: storyDataOfTwee(text) };
}

describe.each(testEngines)(
  'Twine stories exported and published play as before on $name',
  (engine) => {
    let db: Db;
    let app: FastifyInstance;
    let admin: TestSession;
    let browser: Browser;

    beforeAll(async () => {
      db = await engine.open();
      [app, browser] = await Promise.all([buildTestApp(db), launchBrowser()]);
      admin = await adminSession(app);
    });
    afterAll(async () => {
      await browser?.close();
      await app?.close();
      await db?.close();
    });

    it.each(STORIES)('$file with $format', { timeout: 120_000 }, async (story) => {
      const { text, data } = original(story);
      const format = story.file.endsWith('.html') ? 'html' : 'twee';
      const applied = await app.inject({
        method: 'POST',
        url: '/api/admin/import',
        headers: { cookie: admin.cookie, origin: app.config.publicUrl },
        payload: { format, text },
      });
      expect(applied.statusCode, applied.body).toBe(200);
      expect((applied.json() as ImportResponse).applied).toBe(true);
      const exported = await app.inject({
        method: 'GET',
        url: '/api/admin/export.html',
        headers: { cookie: admin.cookie },
      });
      expect(exported.statusCode).toBe(200);

      // The story JavaScript and stylesheet come back as the original has them.
      const theirs = parseTwine2HTML(`<html><body>${data}</body></html>`);
      const ours = parseTwine2HTML(exported.body);
      // extwee's Story has these accessors (types/Story.d.ts); parseTwine2HTML's type omits them.
      const code = (story: unknown) => {
        const s = story as { storyJavaScript: string; storyStylesheet: string };
        return [s.storyJavaScript.trim(), s.storyStylesheet.trim()];
      };
      const passagesCode = (tag: string) =>
        theirs.passages
          .filter((p) => p.tags.includes(tag))
          .map((p) => p.text.trim())
          .join('\n\n');
      expect(code(ours)).toEqual([
        [code(theirs)[0], passagesCode('script')].filter(Boolean).join('\n\n'),
        [code(theirs)[1], passagesCode('stylesheet')].filter(Boolean).join('\n\n'),
      ]);

      const before = await firstLinks(browser, publish(data, story.format), 3);
      const after = await followLinks(
        browser,
        publish(storyDataOf(exported.body), story.format),
        before.links,
      );
      expect(before.links.length, `links played: ${before.screens.join(' | ')}`).toBe(
        Math.min(3, before.links.length),
      );
      expect(after.links).toEqual(before.links);
      expect(after.screens).toEqual(before.screens);
      expect(after.errors).toEqual(before.errors);
    });
  },
);
