import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTwee, parseTwineFile } from './twee.ts';
import type { TwineImport } from './twee-import.ts';

/** Real public Twine stories (see test/fixtures/twine/README.md for where each comes from and its licence). */
const read = (name: string): TwineImport => {
  const text = readFileSync(new URL(`../../test/fixtures/twine/${name}`, import.meta.url), 'utf8');
  return name.endsWith('.html') ? parseTwineFile(text) : parseTwee(text);
};

const scenes = (r: TwineImport) =>
  r.bundle.scenes?.map((s) => [s.id, s.title, s.is_start, s.is_ending]);
const links = (r: TwineImport) =>
  r.bundle.options?.map((o) => [o.scenario_id, o.text, o.next_scenario_id]);
const notes = (r: TwineImport, passage: string | null) =>
  r.warnings.filter((w) => w.passage === passage).map((w) => w.message);

/** The passages and the distinct links of a Twee file, counted without our parser. */
function countTwee(text: string) {
  const passages = text.split(/^:: /m).slice(1);
  const linksOf = (body: string) =>
    new Set([...body.matchAll(/\[\[([^\]]+)\]\]/g)].map((m) => m[1])).size;
  return passages
    .filter((p) => !/^Story(Title|Data)\b/.test(p))
    .map((p) => ({
      name: (p.split('\n')[0] as string).replace(/\s*\[.*$/, '').trim(),
      links: linksOf(p),
      includes: /<<include "Map System">>/.test(p),
    }));
}

describe('real Twine stories', () => {
  it('SugarCube (Twine Cookbook, lock and key): passages with spaces, links alone on their lines', () => {
    const r = read('sugarcube-lock-and-key.twee');
    expect(scenes(r)).toEqual([
      ['start', 'Start', true, false],
      ['back-room', 'Back Room', false, false],
      ['front-room', 'Front Room', false, false],
      ['exit', 'Exit', false, true],
    ]);
    expect(links(r)).toEqual([
      ['start', 'Back Room', 'back-room'],
      ['start', 'Front Room', 'front-room'],
      ['back-room', 'Front Room', 'front-room'],
      ['front-room', 'Exit', 'exit'],
      ['front-room', 'Back Room', 'back-room'],
    ]);
    // Links alone on their lines leave the text; the macros stay, reported.
    expect(r.bundle.scenes?.[0]?.description).toBe('<<set $key to false>>\n\nRooms:');
    expect(notes(r, 'Back Room')).toEqual([
      'SugarCube macros and conditions <<if>>, <<linkreplace>>, <<set>>, <<else>>: this game does not run them; players read: "<> Items: <><>You have a key.<> <> There is nothing here. <> Rooms:"',
    ]);
    expect(r.warnings.find((w) => w.passage === 'Back Room')?.line).toBe(11);
  });

  it('Chapbook (Twine Cookbook, lock and key): arrow links, modifiers, inserts and vars reported', () => {
    const r = read('chapbook-lock-and-key.twee');
    expect(scenes(r)).toEqual([
      ['start', 'Start', true, false],
      ['front-room', 'Front Room', false, false],
      ['back-room', 'Back Room', false, false],
      ['exit', 'Exit', false, true],
      ['key', 'Key', false, false],
    ]);
    expect(links(r)).toContainEqual(['front-room', 'Unlock the door', 'exit']);
    expect(notes(r, 'Start')).toEqual([
      'Chapbook vars section (key): this game does not run them; players read them as written.',
    ]);
    expect(notes(r, 'Back Room')[0]).toMatch(
      /^Chapbook modifiers \[if\], \[else\], \[continued\], inserts \{reveal link\}/,
    );
  });

  it('SugarCube (Twine Cookbook, dungeon): story code is not a scene, a missing start is said', () => {
    const text = readFileSync(
      new URL('../../test/fixtures/twine/sugarcube-dungeon.twee', import.meta.url),
      'utf8',
    );
    const r = read('sugarcube-dungeon.twee');
    expect(notes(r, 'UserStylesheet')).toEqual([
      'Stylesheet passage: kept for the Twine exports; this game does not run it.',
    ]);
    expect(notes(r, 'StoryInit')).toEqual([
      'SugarCube special passage StoryInit (story code): kept for the Twine exports; this game does not run it.',
    ]);
    expect(notes(r, 'Location')[0]).toMatch(/^No start passage .*the game starts here/);
    expect(r.bundle.scenes?.find((s) => s.is_start)?.title).toBe('Location');
    // Every other passage and every distinct link arrives; a passage showing the map system
    // (<<include>>) offers its links too, which players see there.
    const counted = countTwee(text).filter(
      (p) => !['UserStylesheet', 'StoryInit'].includes(p.name),
    );
    expect(r.bundle.scenes?.map((s) => s.title)).toEqual(counted.map((p) => p.name));
    const mapLinks = counted.find((p) => p.name === 'Map System')?.links ?? 0;
    expect(mapLinks).toBe(5);
    for (const p of counted) {
      const id = r.bundle.scenes?.find((s) => s.title === p.name)?.id;
      const expected = p.links + (p.includes && p.name !== 'Map System' ? mapLinks : 0);
      expect(r.bundle.options?.filter((o) => o.scenario_id === id).length, p.name).toBe(expected);
    }
    expect(notes(r, 'East')).toContain(
      'The links of "Map System", which this passage shows inside itself, become its options too.',
    );
    expect(notes(r, 'Map System')).toContain(
      '3 repeated links (same text, same passage) become one option each.',
    );
    // A line of links and separators ('[[North]] | ') leaves the text.
    expect(r.bundle.scenes?.find((s) => s.id === 'map-system')?.description).not.toContain('|');
  });

  it('Harlowe (Twine Cookbook, dungeon): links inside sentences keep their words', () => {
    const r = read('harlowe-dungeon.twee');
    expect(scenes(r)).toEqual([
      ['start', 'Start', true, false],
      ['map', 'Map', false, false],
      ['exit', 'Exit', false, true],
    ]);
    // Start shows the map ((display: "Map")), so the map's link is the start's option too.
    expect(links(r)).toEqual([
      ['start', 'Exit', 'exit'],
      ['map', 'Exit', 'exit'],
    ]);
    expect(r.bundle.scenes?.[1]?.description).toContain('$seperatorExit');
    expect(notes(r, 'Startup')).toEqual([
      'Harlowe startup passage (runs with other passages): kept for the Twine exports; this game does not run it.',
    ]);
  });

  it('Twine 2 HTML (Twine Cookbook, Harlowe lock and key): identity, passages, links, lines', () => {
    const r = read('harlowe-lock-and-key.html');
    expect(r.bundle.story).toMatchObject({
      ifid: '41733B9A-D7C9-4C2D-A27A-2F1D4BB6D189',
      title: 'Lock and Key: Variable in Harlowe',
      format: 'Harlowe',
      formatVersion: '2.0.1',
    });
    expect(scenes(r)).toEqual([
      ['start', 'Start', true, false],
      ['front-room', 'Front Room', false, false],
      ['back-room', 'Back Room', false, false],
      ['exit', 'Exit', false, true],
    ]);
    expect(links(r)).toHaveLength(5);
    // &quot; decoded; the line is the one the passage's element starts on.
    expect(r.bundle.scenes?.[2]?.description).toContain('(link: "Pick up key")');
    expect(r.warnings.find((w) => w.passage === 'Back Room')?.line).toBe(26);
  });
});
