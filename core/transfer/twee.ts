import { type Bundle, KIND_NAMES, type Row } from './format.ts';
import { type KeptSource, rowsPrint, type StoryCode, scenePrint } from './story-code.ts';
import { webAddress } from './story-links.ts';
import type { StoryIdentity } from './story-source.ts';
import { writeBlock } from './twee-block.ts';
import {
  OWN_TEXT,
  storyToBundle,
  type TwineImport,
  WORLD_PASSAGE,
  WORLD_TAG,
} from './twee-import.ts';
import { isLinkSafe, linkSafe, nameBase, writeLink } from './twee-links.ts';
import { parseTweeSource } from './twee-parse.ts';
import { isReservedName } from './twee-report.ts';
import { parseTwineHtml } from './twine-html.ts';

/**
 * The adventure as Twee 3 for Twine. Each scene is a passage named by its title; its
 * options are links, one a line after the description; everything links cannot hold (the scene's
 * id, day, subtitle, stats config; each option's id, stat changes, requirements, icon, URL) is
 * in the game-data comment at the end of the passage text, which Twine, Tweego and extwee keep
 * as text. Random events, ads, sponsors, news, settings and pages are in one passage tagged
 * WORLD_TAG. The header metadata holds the passage's position and size only. Images stay in
 * the JSON export.
 */

type Scene = Row<'scenes'>;
type Option = Row<'options'>;

const escapeName = (s: string) => s.replace(/[\\[\]{}]/g, (c) => `\\${c}`);
/**
 * A text line starting with '::' would start a passage: written '\::'; one already starting with
 * backslashes before '::' gets one more, so it reads back as written.
 */
const escapeText = (s: string) => s.replace(/^(\\*::)/gm, '\\$1');

/** Fields of a row worth writing: not null, not the ones named. */
function kept(row: object, leave: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).filter(([k, v]) => v !== null && v !== undefined && !leave.includes(k)),
  );
}

/**
 * Each scene's passage name: the passage's own name when the scene came from Twine and keeps its
 * title, else its title made fit for links; unique and not reserved (nor a story-code passage's).
 */
function passageNames(scenes: Scene[], code: StoryCode | null): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>([WORLD_PASSAGE, ...(code?.passages ?? []).map((p) => p.name)]);
  const own = new Map((code?.sources ?? []).map((src) => [src.id, src.name]));
  for (const s of scenes) {
    const name = own.get(s.id);
    if (name === s.title && !used.has(name)) {
      used.add(name);
      names.set(s.id, name);
    }
  }
  for (const s of scenes) {
    if (names.has(s.id)) continue;
    const base = nameBase(s.title);
    let name = used.has(base) || isReservedName(base) ? `${base} (${s.id})` : base;
    for (let n = 2; used.has(name); n++) name = `${base} (${s.id}) ${n}`;
    used.add(name);
    names.set(s.id, name);
  }
  return names;
}

/** Where each passage sits in Twine: a column per step from the start, unreached ones last. */
function positions(scenes: Scene[], options: Option[], startId: string | undefined) {
  const next = new Map<string, string[]>();
  for (const o of options) {
    if (o.next_scenario_id)
      next.set(o.scenario_id, [...(next.get(o.scenario_id) ?? []), o.next_scenario_id]);
  }
  const ids = new Set(scenes.map((s) => s.id));
  const depth = new Map<string, number>();
  const queue = startId ? [startId] : [];
  if (startId) depth.set(startId, 0);
  while (queue.length) {
    const id = queue.shift() as string;
    for (const to of next.get(id) ?? []) {
      if (ids.has(to) && !depth.has(to)) {
        depth.set(to, (depth.get(id) ?? 0) + 1);
        queue.push(to);
      }
    }
  }
  const last = Math.max(-1, ...depth.values()) + 1;
  const rows = new Map<number, number>();
  const out = new Map<string, string>();
  for (const s of scenes) {
    const col = depth.get(s.id) ?? last;
    const row = rows.get(col) ?? 0;
    rows.set(col, row + 1);
    out.set(s.id, `${100 + col * 175},${100 + row * 150}`);
  }
  return out;
}

const metadata = (position: string) => JSON.stringify({ position, size: '100,100' });

/** A passage as Twine keeps it: name, tags, position ('x,y'; null: none, Twine places it) and text. */
interface OutPassage {
  name: string;
  tags: string[];
  position: string | null;
  text: string;
}

/** The web address an option opens, when it can stand as a link's target. */
const urlTarget = (o: Option) =>
  !o.next_scenario_id &&
  o.next_url &&
  webAddress(o.next_url) === o.next_url &&
  isLinkSafe(o.next_url)
    ? o.next_url
    : null;

/**
 * One scene's passage: description, links, game data; tags and position for the header. A scene
 * that prints as it did when it came from Twine (`own`) is written with its passage's own text,
 * links where they stood, and tags as they were.
 */
function scenePassage(
  s: Scene,
  options: Option[],
  names: Map<string, string>,
  auto: string,
  own: KeptSource | undefined,
): OutPassage {
  const asWritten =
    own && scenePrint(s, options, (id) => names.get(id) ?? id) === own.print ? own : null;
  const links = options.filter((o) => o.next_scenario_id || urlTarget(o));
  const others = options.filter((o) => !links.includes(o));
  const lines: string[] = [];
  const entries: { key: string; label?: string; value: unknown }[] = [];
  const title = names.get(s.id) === s.title ? {} : { title: s.title };
  const source = asWritten ? { source: OWN_TEXT } : {};
  const sceneData = kept(s, [
    'id',
    'title',
    'description',
    'is_start',
    'is_ending',
    'is_end_of_day',
    'map_x',
    'map_y',
    'tags',
    'created_at',
    'updated_at',
  ]);
  // A box the author placed keeps its place; else the laid-out place is noted, so an import
  // from Twine can tell whether the author moved it there.
  const placed = typeof s.map_x === 'number' && typeof s.map_y === 'number';
  const position = placed
    ? `${Math.round(s.map_x as number)},${Math.round(s.map_y as number)}`
    : auto;
  const layout = placed ? {} : { layout: auto };
  entries.push({
    key: 'scene',
    value: { id: s.id, ...title, ...sceneData, ...layout, ...source },
  });
  [...links, ...others].forEach((o, i) => {
    const target = o.next_scenario_id
      ? (names.get(o.next_scenario_id) ?? o.next_scenario_id)
      : urlTarget(o);
    const text = isLinkSafe(o.text) ? o.text : linkSafe(o.text);
    const data = {
      id: o.id,
      ...(target && text === o.text ? {} : { text: o.text }),
      ...(o.position === i ? {} : { position: o.position }),
      ...kept(o, ['id', 'scenario_id', 'text', 'next_scenario_id', 'position', 'created_at']),
    };
    if (target) {
      lines.push(writeLink(text, target));
      entries.push({ key: 'link', label: text, value: data });
    } else {
      entries.push({ key: 'option', value: data });
    }
  });
  const flags = [
    s.is_start && 'start',
    s.is_ending && 'ending',
    s.is_end_of_day && 'end-of-day',
  ].filter((t): t is string => !!t);
  const tags = [...flags, ...(s.tags ?? []).filter((t) => !flags.includes(t))];
  if (asWritten) {
    // Rows as the text gives them, at a place the author gave: the passage exactly as it was.
    const bare = placed && rowsPrint(s, options) === asWritten.rows;
    const block = bare ? '' : writeBlock(entries);
    const text = [asWritten.text.trimEnd(), block].filter(Boolean).join('\n\n');
    return { name: names.get(s.id) as string, tags: asWritten.tags, position, text };
  }
  const body = (s.description ?? '').trim();
  const text = [body, lines.join('\n'), writeBlock(entries)].filter(Boolean).join('\n\n');
  return { name: names.get(s.id) as string, tags, position, text };
}

/** The story Twine gets: title, StoryData, and one passage per scene plus the world passage. */
export interface OutStory {
  title: string;
  ifid: string;
  format: string | null;
  formatVersion: string | null;
  start: string | null;
  /** Scene passages, the story-code passages, then the world passage. */
  passages: OutPassage[];
  script: string;
  stylesheet: string;
  zoom: number | null;
  tagColors: Record<string, string>;
}

/**
 * The adventure as Twine passages. `story` is the identity to keep (an imported story's IFID,
 * title and format).
 */
export function storyPassages(bundle: Bundle, story: StoryIdentity & { ifid: string }): OutStory {
  const scenes = bundle.scenes ?? [];
  const options = bundle.options ?? [];
  const code = story.code ?? null;
  const names = passageNames(scenes, code);
  const sources = new Map((code?.sources ?? []).map((src) => [src.id, src]));
  const start = scenes.find((s) => s.is_start) ?? scenes[0];
  const byScene = new Map<string, Option[]>();
  for (const o of [...options].sort(
    (a, b) => a.position - b.position || a.id.localeCompare(b.id),
  )) {
    byScene.set(o.scenario_id, [...(byScene.get(o.scenario_id) ?? []), o]);
  }
  const at = positions(scenes, options, start?.id);
  const passages = scenes.map((s) =>
    scenePassage(s, byScene.get(s.id) ?? [], names, at.get(s.id) as string, sources.get(s.id)),
  );
  const below = () =>
    Math.max(100, ...passages.map((p) => Number((p.position ?? '0,0').split(',')[1])));
  // A code passage without a place stays without one (written back as it came).
  for (const k of code?.passages ?? []) {
    passages.push({ name: k.name, tags: k.tags, position: k.position, text: k.text });
  }
  const world = KIND_NAMES.filter((k) => k !== 'scenes' && k !== 'options' && bundle[k]).flatMap(
    (k) => {
      const rows = bundle[k] as unknown[];
      return rows.length ? rows.map((value) => ({ key: k, value })) : [{ key: k, value: [] }];
    },
  );
  if (world.length) {
    // Below the lowest passage.
    const lowest = below();
    passages.push({
      name: WORLD_PASSAGE,
      tags: [WORLD_TAG],
      position: `100,${lowest + 200}`,
      text: `Random events, ads, sponsors, news, settings and pages of the game, one a line. Keep this passage to keep them.\n\n${writeBlock(world)}`,
    });
  }
  return {
    title: story.title ?? 'SEO Adventure',
    ifid: story.ifid,
    format: story.format,
    formatVersion: story.format ? story.formatVersion : null,
    start: start ? (names.get(start.id) ?? null) : null,
    passages,
    script: code?.script ?? '',
    stylesheet: code?.stylesheet ?? '',
    zoom: code?.zoom ?? null,
    tagColors: code?.tagColors ?? {},
  };
}

/**
 * The adventure as Twee 3 text. Without a story format the file names none, since its passages
 * follow no story format's markup beyond links.
 */
export function toTwee(bundle: Bundle, story: StoryIdentity & { ifid: string }): string {
  const out = storyPassages(bundle, story);
  const data = {
    ifid: out.ifid,
    ...(out.format ? { format: out.format } : {}),
    ...(out.format && out.formatVersion ? { 'format-version': out.formatVersion } : {}),
    ...(out.start ? { start: out.start } : {}),
    ...(Object.keys(out.tagColors).length ? { 'tag-colors': out.tagColors } : {}),
    ...(out.zoom !== null ? { zoom: out.zoom } : {}),
  };
  const lines = [':: StoryTitle', out.title, '', ':: StoryData', JSON.stringify(data, null, 2), ''];
  // Twine 2 writes the story JavaScript and stylesheet as passages tagged script / stylesheet.
  const code = [
    out.script && { name: 'StoryScript', tags: ['script'], text: out.script },
    out.stylesheet && { name: 'StoryStylesheet', tags: ['stylesheet'], text: out.stylesheet },
  ].filter((c) => !!c);
  for (const c of code) lines.push(`:: ${c.name} [${c.tags[0]}]`, escapeText(c.text), '');
  for (const p of out.passages) {
    const tags = p.tags.length ? ` [${p.tags.map(escapeName).join(' ')}]` : '';
    const meta = p.position ? ` ${metadata(p.position)}` : '';
    lines.push(`:: ${escapeName(p.name)}${tags}${meta}`, escapeText(p.text), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Reads a Twee 3 file into an adventure file, with what will not carry over. */
export function parseTwee(text: string): TwineImport {
  return storyToBundle(parseTweeSource(text));
}

/** Reads a Twine 2 published story or archive (HTML) into an adventure file. */
export function parseTwineFile(text: string): TwineImport {
  return storyToBundle(parseTwineHtml(text));
}
