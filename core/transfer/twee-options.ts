import { SCENE_ID_PATTERN } from '../content/scenes.ts';
import { type FoundLink, webAddress } from './story-links.ts';
import type { SourcePassage } from './story-source.ts';
import type { BlockEntry } from './twee-block.ts';
import { sceneIdOf } from './twee-ids.ts';

/**
 * A Twine passage's options: each link with the game data its passage keeps for it (a passage
 * this game wrote), a web address as an option that opens it, a link to a passage missing from
 * the file as a link to a scene not written yet.
 */

/** A link of a passage with the line (1-based, within the passage text) it starts on. */
export type PassageLink = FoundLink & { line: number };

export type Data = Record<string, unknown>;
export const isData = (v: unknown): v is Data => !!v && typeof v === 'object' && !Array.isArray(v);

export interface StoryPassage {
  p: SourcePassage;
  body: string;
  entries: BlockEntry[];
  hasBlock: boolean;
  /** The text is the story's own (read with its story format's markup), not this game's. */
  ownText: boolean;
}

export const fileLine = (p: SourcePassage, line: number) => p.textLine + line - 1;

/** Notes a warning on a passage (or the whole story), at its line unless one is given. */
export type Warn = (p: SourcePassage | null, message: string, line?: number | null) => void;

/**
 * Pairs a passage's links with the game data its block keeps for them: the entry at the same
 * place with the same text, else one with the same text, else (when the passage has as many
 * links as entries, i.e. only texts were edited) the next one in order.
 */
function matchEntries(links: PassageLink[], entries: BlockEntry[]) {
  const free = new Set(entries);
  const take = (e: BlockEntry | undefined) => {
    if (e) free.delete(e);
    return e;
  };
  const matched: (BlockEntry | undefined)[] = links.map((l, i) =>
    entries[i]?.label === l.text ? take(entries[i]) : undefined,
  );
  links.forEach((l, i) => {
    matched[i] ??= take(entries.find((x) => free.has(x) && x.label === l.text));
  });
  if (links.length === entries.length) {
    links.forEach((_l, i) => {
      matched[i] ??= take(entries.find((x) => free.has(x)));
    });
  }
  return { matched, unused: [...free] };
}

/** Links in a passage without game data: the same text to the same passage once. */
export function withoutRepeats(links: PassageLink[]): PassageLink[] {
  const seen = new Set<string>();
  return links.filter((l) => {
    const key = `${l.kind}\u0000${l.text}\u0000${l.target}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A passage's options: its links with their game data, then its options without a link. Each row
 * carries `_line` (its file line) and `_base` (the text a new id is made from) until ids are given.
 */
export function optionsOf(
  s: StoryPassage,
  links: PassageLink[],
  sceneId: string,
  byName: Map<string, string>,
  warn: Warn,
): Data[] {
  const { p } = s;
  const linkEntries = s.entries.filter((e) => e.key === 'link');
  const { matched, unused } = matchEntries(links, linkEntries);
  for (const e of unused) {
    warn(
      p,
      `Game data for the link "${e.label ?? ''}" is dropped: the passage has no such link any more.`,
      fileLine(p, e.line),
    );
  }
  for (const e of s.entries) {
    if (!['scene', 'link', 'option'].includes(e.key)) {
      warn(p, `Game data line "${e.key}" is not known here and is ignored.`, fileLine(p, e.line));
    }
  }
  const mine: Data[] = [];
  links.forEach((link, i) => {
    const data = isData(matched[i]?.value) ? (matched[i]?.value as Data) : {};
    const url = link.kind === 'url' && !byName.has(link.target) ? webAddress(link.target) : null;
    if (url) {
      // A web address: the option opens it (a passage never has such a name here).
      mine.push({
        ...data,
        text: data.text ?? link.text,
        scenario_id: sceneId,
        next_scenario_id: null,
        next_url: url,
        position: data.position ?? i,
        _line: fileLine(p, link.line),
        _base: link.text,
      });
      return;
    }
    let target = byName.get(link.target);
    if (target === undefined) {
      target =
        SCENE_ID_PATTERN.test(link.target) && link.target.length <= 80
          ? link.target
          : sceneIdOf(link.target);
      warn(
        p,
        `The link "${link.text}" goes to "${link.target}", which is no passage in the file: it becomes a link to a scene not written yet ("${target}").`,
        fileLine(p, link.line),
      );
    }
    if (link.setter) {
      warn(
        p,
        `The link "${link.text}" sets variables ([[…][…]]): the setter is dropped.`,
        fileLine(p, link.line),
      );
    }
    mine.push({
      ...data,
      text: data.text ?? link.text,
      scenario_id: sceneId,
      next_scenario_id: target,
      position: data.position ?? i,
      _line: fileLine(p, link.line),
      _base: link.text,
    });
  });
  for (const e of s.entries.filter((x) => x.key === 'option')) {
    const data = isData(e.value) ? e.value : {};
    mine.push({
      ...data,
      scenario_id: sceneId,
      next_scenario_id: null,
      position: data.position ?? mine.length,
      _line: fileLine(p, e.line),
      _base: String(data.text ?? ''),
    });
  }
  return mine;
}
