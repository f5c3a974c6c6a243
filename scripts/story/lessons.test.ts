import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  lessonLines,
  MAX_WHY,
  readSources,
  readWhyLines,
  type Sources,
  sourceProblems,
  whyProblems,
} from './lessons.ts';
import { option, scene } from './test-story.ts';

const lesson = 'Lesson: robots.txt controls crawling';
const story = () => [
  scene('intro', {
    options: [
      option('intro', 1, 'end', { stats_changes: { addInventory: [lesson] } }),
      option('intro', 2, 'end'),
    ],
  }),
  scene('end', { is_ending: true }),
];
const sources = (): Sources => ({
  sources: {
    robots: { title: 'Introduction to robots.txt', url: 'https://example.com/robots', quote: 'q' },
  },
  lessons: { [lesson]: ['robots'] },
  scenes: { intro: ['robots'] },
});

describe('whyProblems', () => {
  const why = (entries: [string, unknown][]) => new Map(entries);
  it('passes when every option has a short plain why line', () => {
    const lines = why([
      ['intro--1', 'Crawling is not indexing.'],
      ['intro--2', 'Nothing learned.'],
    ]);
    expect(whyProblems(story(), lines)).toEqual([]);
  });

  it('names each option without a why line, with one too long, or with markup', () => {
    const lines = why([
      ['intro--1', 'x'.repeat(MAX_WHY + 1)],
      ['intro--2', '  '],
    ]);
    expect(whyProblems(story(), lines).map((p) => `${p.where}: ${p.message}`)).toEqual([
      `scene 'intro' option 'intro--1': why line has ${MAX_WHY + 1} characters (at most ${MAX_WHY})`,
      "scene 'intro' option 'intro--2': has no why line (the key 'why': one sentence saying why it helped or hurt)",
    ]);
    const html = why([
      ['intro--1', 'A <b>bold</b> claim.'],
      ['intro--2', 'ok'],
    ]);
    expect(whyProblems(story(), html)[0]?.message).toBe(
      'why line must be plain text (no HTML or Markdown)',
    );
  });
});

describe('sourceProblems', () => {
  it('passes when every lesson and scene line names listed sources', () => {
    expect(sourceProblems(story(), sources())).toEqual([]);
    expect(lessonLines(story(), sources())).toEqual([`${lesson} <- Introduction to robots.txt`]);
  });

  it('fails on a lesson without a source line, unknown sources and stale lines', () => {
    const s = sources();
    s.lessons = { 'Lesson: old news': ['robots'] };
    s.scenes = { intro: ['nowhere'], gone: ['robots'] };
    expect(sourceProblems(story(), s).map((p) => p.message)).toEqual([
      `'${lesson}' has no source line`,
      "'Lesson: old news' is taught by no option (stale line)",
      "scene 'intro' names unknown source 'nowhere'",
      "scene line 'gone' names no scene of the story",
    ]);
  });
});

describe('reading the files', () => {
  it('reads why lines as written and reports a malformed sources file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lessons-'));
    const scenesFile = path.join(dir, 'scenes.json');
    await writeFile(scenesFile, JSON.stringify([{ id: 'a', options: [{ id: 'a--1', why: 'w' }] }]));
    expect([...(await readWhyLines(pathToFileURL(scenesFile)))]).toEqual([['a--1', 'w']]);
    const sourcesFile = path.join(dir, 'sources.json');
    await writeFile(
      sourcesFile,
      JSON.stringify({
        ...sources(),
        sources: { robots: { title: 't', url: 'http://x.test', quote: 'q' } },
      }),
    );
    const read = await readSources(pathToFileURL(sourcesFile));
    expect(read.sources).toBeNull();
    expect(read.problem?.message).toMatch(/^sources\.robots\.url: /);
    expect((await readSources(pathToFileURL(path.join(dir, 'none.json')))).problem?.where).toBe(
      'content/sources.json',
    );
  });
});
