import { slugify } from '../game/links.ts';
import {
  type Bundle,
  FORMAT_NAME,
  FORMAT_VERSION,
  KIND_NAMES,
  type Row,
  TransferError,
  validateBundle,
} from './format.ts';

/**
 * Twee 3 (the text format of Twine, https://github.com/iftechfoundation/twinejs/blob/develop/docs/twee-3-specification.md):
 * each scene is a passage named by its id, its description the passage text, each option to a
 * scene a link `[[text->target]]`. What links cannot hold (stats, requirements, URL options,
 * the scene's other fields) is in the passage metadata; random events, ads, sponsors, news,
 * settings and pages are in the metadata of one passage tagged WORLD_TAG. Images stay in the JSON
 * export only.
 */
export const WORLD_PASSAGE = 'SEO Adventure World';
export const WORLD_TAG = 'seo-adventure-world';

type Option = Row<'options'>;

/** Option fields kept in metadata, by option, in position order; `link` is its link's index. */
type OptionMeta = Partial<Omit<Option, 'scenario_id' | 'text' | 'next_scenario_id'>> & {
  id: string;
  link?: number;
  text?: string;
};

const escapeName = (s: string) => s.replace(/[\\[\]{}]/g, (c) => `\\${c}`);
const unescapeName = (s: string) => s.replace(/\\(.)/g, '$1');
/** A line of passage text starting with '::' would start a passage: escaped as '\::'. */
const escapeText = (s: string) => s.replace(/^::/gm, '\\::');
const unescapeText = (s: string) => s.replace(/^\\::/gm, '::');

function linkLine(text: string, target: string): string {
  const clean = text
    .replace(/\]\]|->|<-|\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean === target ? `[[${target}]]` : `[[${clean}->${target}]]`;
}

/** The adventure as Twee 3 text. */
export function toTwee(
  bundle: Bundle,
  title = 'SEO Adventure',
  ifid = '00000000-0000-4000-8000-000000000000',
): string {
  const scenes = bundle.scenes ?? [];
  const start = scenes.find((s) => s.is_start)?.id ?? scenes[0]?.id;
  const out: string[] = [];
  out.push(':: StoryTitle', title, '');
  out.push(
    ':: StoryData',
    JSON.stringify(
      { ifid, format: 'Harlowe', 'format-version': '3.3.9', ...(start ? { start } : {}) },
      null,
      2,
    ),
    '',
  );
  const byScene = new Map<string, Option[]>();
  for (const o of bundle.options ?? []) {
    const list = byScene.get(o.scenario_id) ?? [];
    list.push(o);
    byScene.set(o.scenario_id, list);
  }
  for (const s of scenes) {
    const options = [...(byScene.get(s.id) ?? [])].sort(
      (a, b) => a.position - b.position || a.id.localeCompare(b.id),
    );
    const links: string[] = [];
    const meta: OptionMeta[] = options.map((o) => {
      const { scenario_id: _scene, text, next_scenario_id, ...rest } = o;
      if (next_scenario_id) {
        const line = linkLine(text, next_scenario_id);
        links.push(line);
        // The link keeps the text unless cleaning it for Twee changed it.
        const kept = line === `[[${text}->${next_scenario_id}]]` || line === `[[${text}]]`;
        return { ...rest, link: links.length - 1, ...(kept ? {} : { text }) };
      }
      return { ...rest, text };
    });
    const { id, description, is_ending, is_start, is_end_of_day, ...fields } = s;
    const tags = [is_start && 'start', is_ending && 'ending', is_end_of_day && 'end-of-day'].filter(
      Boolean,
    );
    const metadata = JSON.stringify({ ...fields, options: meta });
    out.push(`:: ${escapeName(id)}${tags.length ? ` [${tags.join(' ')}]` : ''} ${metadata}`);
    const body = escapeText(description ?? '').trimEnd();
    if (body) out.push(body);
    if (links.length) {
      if (body) out.push('');
      out.push(...links);
    }
    out.push('');
  }
  const world = Object.fromEntries(
    KIND_NAMES.filter((k) => k !== 'scenes' && k !== 'options' && bundle[k]).map((k) => [
      k,
      bundle[k],
    ]),
  );
  if (Object.keys(world).length > 0) {
    out.push(`:: ${WORLD_PASSAGE} [${WORLD_TAG}] ${JSON.stringify(world)}`, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

interface Passage {
  name: string;
  tags: string[];
  metadata: Record<string, unknown>;
  text: string;
  line: number;
}

/** Splits Twee text into passages; errors name the line. */
export function parsePassages(text: string): Passage[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const passages: Passage[] = [];
  let current: Passage | null = null;
  const body: string[] = [];
  const close = () => {
    if (current) {
      current.text = unescapeText(body.join('\n')).replace(/\s+$/, '');
      passages.push(current);
    }
    body.length = 0;
  };
  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    if (!raw.startsWith('::')) {
      if (!current && raw.trim()) {
        throw new TransferError(`Line ${lineNo}: text before the first passage header (':: Name')`);
      }
      body.push(raw);
      return;
    }
    close();
    const header = raw.slice(2).trim();
    // name (with \-escapes), optional [tags], optional {metadata}
    const m = /^((?:\\.|[^\\[{])*?)\s*(?:\[((?:\\.|[^\]])*)\])?\s*(\{.*\})?\s*$/.exec(header);
    const name = m ? unescapeName((m[1] ?? '').trim()) : '';
    if (!m || !name) throw new TransferError(`Line ${lineNo}: a passage header needs a name`);
    let metadata: Record<string, unknown> = {};
    if (m[3]) {
      try {
        const value: unknown = JSON.parse(m[3]);
        if (!value || typeof value !== 'object' || Array.isArray(value))
          throw new Error('not an object');
        metadata = value as Record<string, unknown>;
      } catch (err) {
        throw new TransferError(
          `Line ${lineNo}: the metadata of passage "${name}" is not a JSON object (${err instanceof Error ? err.message : String(err)})`,
        );
      }
    }
    const tags = (m[2] ?? '').split(/\s+/).filter(Boolean).map(unescapeName);
    current = { name, tags, metadata, text: '', line: lineNo };
  });
  close();
  const seen = new Map<string, number>();
  for (const p of passages) {
    const first = seen.get(p.name);
    if (first)
      throw new TransferError(`Line ${p.line}: passage "${p.name}" is also on line ${first}`);
    seen.set(p.name, p.line);
  }
  return passages;
}

const LINK = /^\s*\[\[(.+?)\]\]\s*$/;

/** A link's text and target: [[text->target]], [[target<-text]], [[text|target]], [[target]]. */
export function parseLink(inner: string): { text: string; target: string } {
  if (inner.includes('->')) {
    const at = inner.lastIndexOf('->');
    return { text: inner.slice(0, at).trim(), target: inner.slice(at + 2).trim() };
  }
  if (inner.includes('<-')) {
    const at = inner.indexOf('<-');
    return { text: inner.slice(at + 2).trim(), target: inner.slice(0, at).trim() };
  }
  if (inner.includes('|')) {
    const at = inner.lastIndexOf('|');
    return { text: inner.slice(0, at).trim(), target: inner.slice(at + 1).trim() };
  }
  return { text: inner.trim(), target: inner.trim() };
}

const SPECIAL = new Set(['StoryTitle', 'StoryData']);

/**
 * Reads Twee 3 into an adventure file: passages become scenes, links their options (with the
 * fields the metadata keeps), the world passage the other kinds. A passage written in Twine
 * without our metadata still becomes a scene (title = its name). Errors name the line.
 */
export function parseTwee(text: string): Bundle {
  const passages = parsePassages(text);
  let start: string | undefined;
  const data = passages.find((p) => p.name === 'StoryData');
  if (data) {
    try {
      const value = JSON.parse(data.text) as { start?: unknown };
      if (typeof value.start === 'string') start = value.start;
    } catch (err) {
      throw new TransferError(
        `Line ${data.line + 1}: StoryData is not valid JSON (${err instanceof Error ? err.message : String(err)})`,
      );
    }
  }
  const world = passages.find((p) => p.tags.includes(WORLD_TAG));
  const scenes: Record<string, unknown>[] = [];
  const options: Record<string, unknown>[] = [];
  const origin: { line: number; name: string }[] = [];
  for (const p of passages) {
    if (SPECIAL.has(p.name) || p === world) continue;
    if (p.tags.includes('script') || p.tags.includes('stylesheet')) continue;
    const { options: metaOptions, ...fields } = p.metadata as { options?: unknown };
    const metas = Array.isArray(metaOptions) ? (metaOptions as OptionMeta[]) : [];
    const bodyLines: string[] = [];
    const links: { text: string; target: string }[] = [];
    for (const line of p.text.split('\n')) {
      const m = LINK.exec(line);
      if (m) links.push(parseLink(m[1] as string));
      else bodyLines.push(line);
    }
    const description = bodyLines.join('\n').trim();
    scenes.push({
      title: p.name,
      ...fields,
      id: p.name,
      description: description || null,
      is_start: start ? p.name === start : p.tags.includes('start'),
      is_ending: p.tags.includes('ending'),
      is_end_of_day: p.tags.includes('end-of-day'),
    });
    origin.push({ line: p.line, name: p.name });
    const used = new Set<OptionMeta>();
    links.forEach((link, i) => {
      const meta = metas.find((o) => o.link === i);
      if (meta) used.add(meta);
      const { link: _i, text: _t, ...rest } = meta ?? ({ id: '' } as OptionMeta);
      options.push({
        ...rest,
        id: meta?.id || `${p.name}--${slugify(link.text) || 'option'}-${i + 1}`,
        scenario_id: p.name,
        text: meta?.text ?? link.text,
        next_scenario_id: link.target,
        position: meta?.position ?? i,
      });
    });
    for (const meta of metas) {
      if (used.has(meta) || meta.link !== undefined) continue;
      const { link: _i, ...rest } = meta;
      options.push({ ...rest, scenario_id: p.name, next_scenario_id: null });
    }
  }
  const bundle: Record<string, unknown> = {
    format: FORMAT_NAME,
    version: FORMAT_VERSION,
    scenes,
    options,
    ...(world ? world.metadata : {}),
  };
  try {
    return validateBundle(bundle);
  } catch (err) {
    // Point a scene's problem at its passage's line.
    const m = err instanceof TransferError ? /^scenes\[(\d+)\]\.?(.*)$/s.exec(err.message) : null;
    const at = m ? origin[Number(m[1])] : undefined;
    if (m && at) throw new TransferError(`Line ${at.line} (passage "${at.name}"): ${m[2]}`);
    const o = err instanceof TransferError ? /^options\[(\d+)\]\.?(.*)$/s.exec(err.message) : null;
    const opt = o ? (options[Number(o[1])] as { scenario_id?: string }) : undefined;
    const home = opt ? origin.find((x) => x.name === opt.scenario_id) : undefined;
    if (o && home)
      throw new TransferError(
        `Line ${home.line} (passage "${home.name}", option ${Number(o[1]) + 1}): ${o[2]}`,
      );
    throw err;
  }
}
