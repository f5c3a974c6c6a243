import { slugify } from '../game/links.ts';
import {
  type Bundle,
  FORMAT_NAME,
  FORMAT_VERSION,
  KIND_NAMES,
  TransferError,
  validateBundle,
} from './format.ts';
import {
  isEmptyCode,
  type KeptPassage,
  type KeptSource,
  rowsPrint,
  type StoryCode,
  scenePrint,
} from './story-code.ts';
import { findIncludes, type ReadPassage, readLinks } from './story-links.ts';
import type { ImportWarning, SourcePassage, StorySource } from './story-source.ts';
import { where } from './story-source.ts';
import { splitBlock } from './twee-block.ts';
import { sceneIdOf } from './twee-ids.ts';
import { titleOf } from './twee-links.ts';
import {
  type Data,
  fileLine,
  isData,
  optionsOf,
  type StoryPassage,
  type Warn,
  withoutRepeats,
} from './twee-options.ts';
import {
  KEPT_CODE,
  markupWarnings,
  notAScene,
  SCENE_TAGS,
  unplayableStart,
} from './twee-report.ts';
import { checkRows, type RowOrigin } from './twee-rows.ts';
import { guessedVersion, pickStart, storyFormat } from './twee-start.ts';
import {
  conditionalLinks,
  conditionalMessage,
  countUnfollowable,
  navigatingWidgets,
  storyVerdict,
  type Unfollowable,
  unfollowableMessage,
  type Verdict,
} from './twine-dry-run.ts';

/** The passage holding random events, ads, sponsors, news, settings and pages. */
export const WORLD_PASSAGE = 'SEO Adventure World';
export const WORLD_TAG = 'seo-adventure-world';

/** A Twine story as an adventure file, with what will not carry over. */
export interface TwineImport {
  bundle: Bundle;
  warnings: ImportWarning[];
  /** Whether a player can reach an ending, or where play stops (Twine stories). */
  verdict?: Verdict;
}

/** Scene data that says the passage text is the story's own (markup and all), not this game's. */
export const OWN_TEXT = 'twine';

/** The longest option id made from a link's text (ids hold at most 200 characters). */
const MAX_ID_BASE = 120;

/** `text` cut to at most `max` characters at a hyphen when it can be. */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const hyphen = cut.lastIndexOf('-');
  return (hyphen > max / 2 ? cut.slice(0, hyphen) : cut).replace(/-+$/, '');
}

/** `base`, or `base-2`, `base-3`… whichever is not taken yet; marks it taken. */
function numbered(whole: string, taken: Set<string>): string {
  const base = shortened(whole, MAX_ID_BASE);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * Turns a parsed Twine story into an adventure file. Passage names become scene titles and ids
 * their slugs (collisions numbered) unless the passage's game data keeps an id; every link is an
 * option in reading order, resolved by passage name; the start is StoryData's start, else a
 * passage tagged 'start', else 'Start', else the first passage. Throws one TransferError naming
 * every bad passage by line; returns what will not carry over as warnings.
 */
export function storyToBundle(source: StorySource): TwineImport {
  const warnings: ImportWarning[] = [...source.warnings];
  const errors: string[] = [];
  const warn: Warn = (p, message, line = p?.line ?? null) =>
    warnings.push({ passage: p?.name ?? null, line, message });

  const worlds = source.passages.filter((p) => p.tags.includes(WORLD_TAG));
  const story: StoryPassage[] = [];
  const code: StoryCode = {
    script: source.script,
    stylesheet: source.stylesheet,
    // Twine's default zoom is 1: only another is worth keeping.
    zoom: source.zoom === 1 ? null : source.zoom,
    tagColors: source.tagColors,
    passages: [],
    sources: [],
  };
  if (source.script) warn(null, `The story JavaScript is ${KEPT_CODE}`);
  if (source.stylesheet) warn(null, `The story stylesheet is ${KEPT_CODE}`);
  const codePassages: KeptPassage[] = [];
  for (const p of source.passages) {
    if (p.tags.includes(WORLD_TAG)) continue;
    const why = notAScene(p);
    if (why) {
      warn(p, `${why}: ${KEPT_CODE}`);
      const kept = { name: p.name, tags: p.tags, position: p.position ?? null, text: p.text };
      if (p.tags.includes('script')) code.script = joined(code.script, p.text);
      else if (p.tags.includes('stylesheet')) code.stylesheet = joined(code.stylesheet, p.text);
      codePassages.push(kept);
      continue;
    }
    const { body, entries, errors: bad } = splitBlock(p.text);
    for (const e of bad) errors.push(`${where(fileLine(p, e.line), p.name)}: ${e.message}`);
    const own = entries?.find((e) => e.key === 'scene')?.value;
    story.push({
      p,
      body,
      entries: entries ?? [],
      hasBlock: entries !== null,
      ownText: entries === null || (isData(own) && own.source === OWN_TEXT),
    });
  }
  code.passages = codePassages.filter(
    (k) => !k.tags.includes('script') && !k.tags.includes('stylesheet'),
  );
  // Only the story's own text tells its format (not passages this game wrote).
  const own = [...story.filter((s) => s.ownText).map((s) => s.p), ...codePassages];
  const format = storyFormat(source, own, warn);
  for (const extra of worlds.slice(1)) {
    errors.push(`${where(extra.line, extra.name)}: only one passage may be tagged ${WORLD_TAG}`);
  }

  // Ids: those the game data keeps first, then slugs of the other names.
  const taken = new Set<string>();
  const ids = new Map<StoryPassage, string>();
  for (const s of story) {
    const scene = s.entries.find((e) => e.key === 'scene')?.value;
    const id = isData(scene) && typeof scene.id === 'string' ? scene.id : null;
    if (id && !taken.has(id)) {
      taken.add(id);
      ids.set(s, id);
    } else if (id) {
      warn(
        s.p,
        `Its game data names scene id "${id}", which another passage has: it gets a new id.`,
      );
    }
  }
  for (const s of story) if (!ids.has(s)) ids.set(s, numbered(sceneIdOf(s.p.name), taken));
  const byName = new Map(story.map((s) => [s.p.name, ids.get(s) as string]));

  const startName = pickStart(source, story, warn);
  const scenes: Data[] = [];
  const options: Data[] = [];
  const sceneOrigin: RowOrigin[] = [];
  const optionOrigin: RowOrigin[] = [];
  const optionIds = new Set<string>();
  const pendingIds: { row: Data; base: string }[] = [];

  const reads = new Map(story.map((s) => [s, readLinks(s.body, s.ownText)]));
  const widgets = navigatingWidgets(codePassages);
  const unfollowable: Unfollowable = { widgets: new Map(), back: new Map(), computed: 0 };
  const printed: { s: StoryPassage; scene: Data; options: Data[] }[] = [];
  const byPassage = new Map(story.map((s) => [s.p.name, s]));
  for (const s of story) {
    const { p } = s;
    const sceneId = ids.get(s) as string;
    const read = withIncluded(s, reads, byPassage, warn);
    const lineOf = (at: number) => s.body.slice(0, at).split('\n').length;
    for (const u of read.unknown) {
      const snippet = u.snippet.length > 80 ? `${u.snippet.slice(0, 77)}…` : u.snippet;
      warn(
        p,
        `Not turned into an option (it names no passage this game can follow): ${snippet}`,
        fileLine(p, lineOf(u.start)),
      );
    }
    if (s.ownText) {
      countUnfollowable(unfollowable, s.body, widgets, (reads.get(s) as ReadPassage).unknown);
      const own = reads.get(s) as ReadPassage;
      const guarded = conditionalMessage(conditionalLinks(s.body, own.links));
      if (guarded) warn(p, guarded);
    }
    const found = read.links.map((l) => ({ ...l, line: lineOf(l.start) }));
    const links = s.ownText ? withoutRepeats(found) : found;
    if (links.length < read.links.length) {
      warn(
        p,
        `${read.links.length - links.length} repeated links (same text, same passage) become one option each.`,
      );
    }
    const mine = optionsOf(s, links, sceneId, byName, warn);
    mine.forEach((row, k) => {
      const { _line, _base, ...clean } = row;
      const id = typeof clean.id === 'string' && !optionIds.has(clean.id) ? clean.id : null;
      if (id) optionIds.add(id);
      else
        pendingIds.push({
          row: clean,
          base: `${sceneId}--${slugify(String(_base)) || sceneIdOf(String(_base))}`,
        });
      options.push(clean);
      optionOrigin.push({ line: _line as number, passage: p.name, label: `option ${k + 1}` });
    });

    const sceneData = s.entries.find((e) => e.key === 'scene')?.value;
    const {
      id: _id,
      title,
      layout,
      source: _source,
      ...fields
    } = isData(sceneData) ? sceneData : ({} as Data);
    const tags = p.tags.filter((t) => !SCENE_TAGS.has(t));
    // The box stays where Twine had it, unless that is where the export laid it out itself.
    const at = p.position && p.position !== layout ? p.position.split(',').map(Number) : null;
    // A passage with game data was written here: its text is ours, markup and all.
    const markup = s.ownText ? markupWarnings(read.prose, format) : [];
    for (const message of markup) warn(p, message);
    const scene: Data = {
      ...fields,
      id: sceneId,
      title: titleOf(p.name, title, sceneId),
      description: read.prose || null,
      is_start: p.name === startName,
      // In Twine a passage without links ends the story, unless its macros may lead on; the
      // start passage is never made an ending (the dry run says when it cannot be played).
      is_ending:
        p.tags.includes('ending') ||
        (s.ownText &&
          !mine.length &&
          !markup.length &&
          !read.unknown.length &&
          p.name !== startName),
      is_end_of_day: p.tags.includes('end-of-day'),
      map_x: at?.[0] ?? null,
      map_y: at?.[1] ?? null,
      tags: tags.length ? tags : null,
    };
    scenes.push(scene);
    if (s.ownText) printed.push({ s, scene, options: mine });
    sceneOrigin.push({ line: p.line, passage: p.name, label: null });
  }
  for (const { row, base } of pendingIds) row.id = numbered(base, optionIds);
  // Each scene passage's own text, with the print of the scene it became (story-code.ts).
  const names = new Map(story.map((s) => [ids.get(s) as string, s.p.name]));
  // In id order: the same story read from any export keeps the same code.
  code.sources = printed
    .map(({ s, scene, options: mine }) => ({
      id: scene.id as string,
      name: s.p.name,
      tags: s.p.tags,
      text: s.body,
      print: scenePrint(scene as never, mine as never, (id) => names.get(id) ?? id),
      rows: '',
    }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) satisfies KeptSource[];
  const cannot = unfollowableMessage(unfollowable);
  if (cannot) warn(null, cannot, null);

  const world = worlds[0] ? readWorld(worlds[0], warn, errors) : { kinds: {}, origins: {} };
  const bundle: Data = {
    format: FORMAT_NAME,
    version: FORMAT_VERSION,
    scenes,
    options,
    ...world.kinds,
    story: {
      ifid: source.ifid,
      // Twine's name for a story without one, never the previous story's.
      title: source.title ?? 'Untitled Story',
      format,
      formatVersion: format === source.format ? source.formatVersion : guessedVersion(format),
      ...(isEmptyCode(code) ? {} : { code }),
    },
  };
  errors.push(
    ...checkRows(bundle, { scenes: sceneOrigin, options: optionOrigin, ...world.origins }),
  );
  if (errors.length) throw new TransferError(listed(errors));
  if (!source.ifid) {
    warn(null, 'The file names no IFID (no StoryData): the story gets a new IFID of its own.');
  }
  const unplayable = unplayableStart(scenes as never, options as never);
  if (unplayable) warn(null, unplayable, null);
  const order = (w: ImportWarning) => w.line ?? 0;
  const valid = validateBundle(bundle);
  for (const src of valid.story?.code?.sources ?? []) {
    const scene = valid.scenes?.find((x) => x.id === src.id);
    const mine = valid.options?.filter((o) => o.scenario_id === src.id) ?? [];
    if (scene) src.rows = rowsPrint(scene, mine);
  }
  return {
    bundle: valid,
    warnings: warnings.sort((a, b) => order(a) - order(b)),
    verdict: storyVerdict(scenes as never, options as never),
  };
}

/** Two pieces of story code as one, a blank line between. */
const joined = (a: string, b: string) => (a && b ? `${a}\n\n${b}` : a || b);

/**
 * A passage's ways on, then those of the passages it shows inside itself (`<<include>>`,
 * `(display:)`; up to three deep), which players see there too: each of those sits where the
 * include does. A passage this game wrote includes nothing.
 */
function withIncluded(
  s: StoryPassage,
  reads: Map<StoryPassage, ReadPassage>,
  byPassage: Map<string, StoryPassage>,
  warn: Warn,
): ReadPassage {
  const own = reads.get(s) as ReadPassage;
  if (!s.ownText) return own;
  const links = [...own.links];
  const seen = new Set([s.p.name]);
  const visit = (from: StoryPassage, at: number, depth: number) => {
    for (const inc of findIncludes(from.body)) {
      const shown = byPassage.get(inc.target);
      if (!shown || seen.has(inc.target) || depth > 3) continue;
      seen.add(inc.target);
      const start = from === s ? inc.start : at;
      const theirs = (reads.get(shown) as ReadPassage).links;
      if (theirs.length) {
        warn(
          s.p,
          `The links of "${inc.target}", which this passage shows inside itself, become its options too.`,
          fileLine(s.p, s.body.slice(0, start).split('\n').length),
        );
      }
      links.push(...theirs.map((l) => ({ ...l, start, end: start })));
      visit(shown, start, depth + 1);
    }
  };
  visit(s, 0, 1);
  return { ...own, links };
}

/** Errors one a line, at most 20 of them. */
function listed(errors: string[]): string {
  const shown = errors.slice(0, 20);
  if (errors.length > 20) shown.push(`… and ${errors.length - 20} more problems`);
  return shown.join('\n');
}

/** The world passage's rows by kind, each with the line it is on. */
function readWorld(
  p: SourcePassage,
  warn: Warn,
  errors: string[],
): { kinds: Data; origins: Record<string, RowOrigin[]> } {
  const { entries, errors: bad } = splitBlock(p.text);
  for (const e of bad) errors.push(`${where(fileLine(p, e.line), p.name)}: ${e.message}`);
  const kinds: Record<string, unknown[]> = {};
  const origins: Record<string, RowOrigin[]> = {};
  for (const e of entries ?? []) {
    const kind = e.key;
    if (!KIND_NAMES.includes(kind as never) || kind === 'scenes' || kind === 'options') {
      warn(p, `World data line "${kind}" is not known here and is ignored.`, fileLine(p, e.line));
      continue;
    }
    const rows = Array.isArray(e.value) ? e.value : [e.value];
    kinds[kind] ??= [];
    origins[kind] ??= [];
    for (const row of rows) {
      kinds[kind].push(row);
      const label = `${kind} row ${kinds[kind].length}`;
      origins[kind].push({ line: fileLine(p, e.line), passage: p.name, label });
    }
  }
  return { kinds, origins };
}
