import { type Bundle, KIND_NAMES, type Row } from './format.ts';
import type { StoryIdentity } from './story-source.ts';
import { writeBlock } from './twee-block.ts';
import { storyToBundle, type TwineImport, WORLD_PASSAGE, WORLD_TAG } from './twee-import.ts';
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
export { WORLD_PASSAGE, WORLD_TAG };

type Scene = Row<'scenes'>;
type Option = Row<'options'>;

const escapeName = (s: string) => s.replace(/[\\[\]{}]/g, (c) => `\\${c}`);
/** A text line starting with '::' would start a passage: written '\::'. */
const escapeText = (s: string) => s.replace(/^::/gm, '\\::');

/** Fields of a row worth writing: not null, not the ones named. */
function kept(row: object, leave: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).filter(([k, v]) => v !== null && v !== undefined && !leave.includes(k)),
  );
}

/** Each scene's passage name: its title made fit for links, unique and not reserved. */
function passageNames(scenes: Scene[]): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>([WORLD_PASSAGE]);
  for (const s of scenes) {
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

/** One scene's passage: header, description, links, game data. */
function scenePassage(s: Scene, options: Option[], names: Map<string, string>, position: string) {
  const links = options.filter((o) => o.next_scenario_id);
  const others = options.filter((o) => !o.next_scenario_id);
  const lines: string[] = [];
  const entries: { key: string; label?: string; value: unknown }[] = [];
  const title = names.get(s.id) === s.title ? {} : { title: s.title };
  const sceneData = kept(s, [
    'id',
    'title',
    'description',
    'is_start',
    'is_ending',
    'is_end_of_day',
    'created_at',
    'updated_at',
  ]);
  entries.push({ key: 'scene', value: { id: s.id, ...title, ...sceneData } });
  [...links, ...others].forEach((o, i) => {
    const target = o.next_scenario_id
      ? (names.get(o.next_scenario_id) ?? o.next_scenario_id)
      : null;
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
  const tags = [
    s.is_start && 'start',
    s.is_ending && 'ending',
    s.is_end_of_day && 'end-of-day',
  ].filter(Boolean);
  const name = names.get(s.id) as string;
  const header = `:: ${escapeName(name)}${tags.length ? ` [${tags.join(' ')}]` : ''} ${metadata(position)}`;
  const body = escapeText(s.description ?? '').trim();
  return [
    header,
    ...[body, lines.join('\n'), writeBlock(entries)].filter(Boolean).join('\n\n').split('\n'),
    '',
  ];
}

/**
 * The adventure as Twee 3 text. `story` is the identity to keep (an imported story's IFID, title
 * and format); without a format the file names none, since its passages follow no story format's
 * markup beyond links.
 */
export function toTwee(bundle: Bundle, story: StoryIdentity & { ifid: string }): string {
  const scenes = bundle.scenes ?? [];
  const options = bundle.options ?? [];
  const names = passageNames(scenes);
  const start = scenes.find((s) => s.is_start) ?? scenes[0];
  const data = {
    ifid: story.ifid,
    ...(story.format ? { format: story.format } : {}),
    ...(story.format && story.formatVersion ? { 'format-version': story.formatVersion } : {}),
    ...(start ? { start: names.get(start.id) } : {}),
  };
  const out = [
    ':: StoryTitle',
    story.title ?? 'SEO Adventure',
    '',
    ':: StoryData',
    JSON.stringify(data, null, 2),
    '',
  ];
  const byScene = new Map<string, Option[]>();
  for (const o of [...options].sort(
    (a, b) => a.position - b.position || a.id.localeCompare(b.id),
  )) {
    byScene.set(o.scenario_id, [...(byScene.get(o.scenario_id) ?? []), o]);
  }
  const at = positions(scenes, options, start?.id);
  for (const s of scenes) {
    out.push(...scenePassage(s, byScene.get(s.id) ?? [], names, at.get(s.id) as string));
  }
  const world = KIND_NAMES.filter((k) => k !== 'scenes' && k !== 'options' && bundle[k]).flatMap(
    (k) => {
      const rows = bundle[k] as unknown[];
      return rows.length ? rows.map((value) => ({ key: k, value })) : [{ key: k, value: [] }];
    },
  );
  if (world.length) {
    // Below the lowest passage.
    const lowest = Math.max(100, ...[...at.values()].map((p) => Number(p.split(',')[1])));
    out.push(
      `:: ${WORLD_PASSAGE} [${WORLD_TAG}] ${metadata(`100,${lowest + 200}`)}`,
      'Random events, ads, sponsors, news, settings and pages of the game, one a line. Keep this passage to keep them.',
      '',
      writeBlock(world),
      '',
    );
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** Reads a Twee 3 file into an adventure file, with what will not carry over. */
export function parseTwee(text: string): TwineImport {
  return storyToBundle(parseTweeSource(text));
}

/** Reads a Twine 2 published story or archive (HTML) into an adventure file. */
export function parseTwineFile(text: string): TwineImport {
  return storyToBundle(parseTwineHtml(text));
}
