import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readContent } from './content-files.ts';

let dir: string;
let dirUrl: URL;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'seo-adv-content-'));
  dirUrl = pathToFileURL(`${dir}/`);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (file: string, value: unknown) =>
  writeFileSync(path.join(dir, file), typeof value === 'string' ? value : JSON.stringify(value));

describe('readContent', () => {
  it('reads the shipped content/ folder without errors', async () => {
    const content = await readContent();
    expect(Array.isArray(content.scenes)).toBe(true);
    expect(typeof content.settings).toBe('object');
  });

  it('treats missing files as empty', async () => {
    expect(await readContent(dirUrl)).toEqual({
      scenes: [],
      events: [],
      advertisements: [],
      sponsors: [],
      news: [],
      consultants: [],
      settings: {},
      pages: [],
    });
  });

  it('fills the documented defaults of a scene, option and news item', async () => {
    write('scenes.json', [
      { id: 'intro', title: 'Intro', options: [{ id: 'o1', text: 'Go', next_scenario_id: 'b' }] },
    ]);
    write('news.json', [{ id: 'n1', content: 'Hello' }]);
    const content = await readContent(dirUrl);
    expect(content.scenes[0]).toMatchObject({
      is_start: false,
      is_ending: false,
      is_end_of_day: false,
    });
    expect(content.scenes[0]?.options[0]).toEqual({
      id: 'o1',
      text: 'Go',
      next_scenario_id: 'b',
    });
    expect(content.news[0]).toEqual({ id: 'n1', content: 'Hello', active: true });
  });

  it('names the file and the field of a bad value', async () => {
    write('scenes.json', [
      { id: 'intro', title: 'Intro' },
      {
        id: 'two',
        title: 'Two',
        options: [{ id: 'o1', text: 'Go', required_stats: { budget: 'lots' } }],
      },
    ]);
    await expect(readContent(dirUrl)).rejects.toThrow(
      /^content\/scenes\.json: 1\.options\.0\.required_stats\.budget: /,
    );
  });

  it('names the file of a missing required field', async () => {
    write('random-events.json', [{ id: 'e1', description: 'No title' }]);
    await expect(readContent(dirUrl)).rejects.toThrow(/^content\/random-events\.json: 0\.title: /);
  });

  it('names the file that is not valid JSON', async () => {
    write('settings.json', '{ "seo_settings": ');
    await expect(readContent(dirUrl)).rejects.toThrow(/^content\/settings\.json: .*JSON/);
  });
});
