import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { isLesson } from '../../core/game/items.ts';
import { toItemList } from '../../core/game/stats.ts';
import { atOption, type Problem, type StoryScene } from './types.ts';

/**
 * The teaching checks of the story (content/README.md 'Lessons and their sources'): every option
 * says why it helped or hurt (its `why` line, shown with the change line), and every lesson
 * learned ('Lesson: ...') rests on a source listed in content/sources.json.
 */

/** The longest why line: one sentence or two, read at a glance next to the change line. */
export const MAX_WHY = 300;

/** One page a lesson rests on, as found: its title, address, where it was read and a quote. */
const sourceSchema = z.object({
  title: z.string().trim().min(1),
  url: z.string().url().startsWith('https://'),
  read: z.string().trim().min(1).optional(),
  quote: z.string().trim().min(1),
});

/** content/sources.json: the sources by id, each lesson's sources and each scene's sources. */
const sourcesSchema = z.object({
  about: z.string().optional(),
  sources: z.record(z.string(), sourceSchema),
  lessons: z.record(z.string(), z.array(z.string()).min(1)),
  scenes: z.record(z.string(), z.array(z.string()).min(1)),
});
export type Sources = z.infer<typeof sourcesSchema>;

/** An option's why line by option id, read from scenes.json as written (the loader may drop it). */
export type WhyLines = ReadonlyMap<string, unknown>;

/** Reads the `why` of every option in a scenes.json file (an unparsable file reads as none). */
export async function readWhyLines(file: URL): Promise<Map<string, unknown>> {
  const raw: unknown = JSON.parse(await readFile(file, 'utf8'));
  const out = new Map<string, unknown>();
  if (!Array.isArray(raw)) return out;
  for (const scene of raw) {
    for (const o of (scene as { options?: { id?: unknown; why?: unknown }[] }).options ?? []) {
      if (typeof o.id === 'string') out.set(o.id, o.why);
    }
  }
  return out;
}

/** Reads and validates content/sources.json; a missing or malformed file is a problem, not a crash. */
export async function readSources(
  file: URL,
): Promise<{ sources: Sources | null; problem?: Problem }> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    return {
      sources: null,
      problem: { where: 'content/sources.json', message: (err as Error).message },
    };
  }
  const parsed = sourcesSchema.safeParse(raw);
  if (parsed.success) return { sources: parsed.data };
  const issue = parsed.error.issues[0]!;
  return {
    sources: null,
    problem: {
      where: 'content/sources.json',
      message: `${issue.path.join('.')}: ${issue.message}`,
    },
  };
}

/** Every option needs a why line: plain text, at most MAX_WHY characters. */
export function whyProblems(scenes: readonly StoryScene[], why: WhyLines): Problem[] {
  const problems: Problem[] = [];
  for (const s of scenes) {
    for (const o of s.options) {
      const line = why.get(o.id);
      const where = atOption(s, o);
      if (typeof line !== 'string' || line.trim() === '') {
        problems.push({
          where,
          message: "has no why line (the key 'why': one sentence saying why it helped or hurt)",
        });
      } else if (line.length > MAX_WHY) {
        problems.push({
          where,
          message: `why line has ${line.length} characters (at most ${MAX_WHY})`,
        });
      } else if (/[<>]|\*\*|\]\(/.test(line)) {
        problems.push({ where, message: 'why line must be plain text (no HTML or Markdown)' });
      }
    }
  }
  return problems;
}

/** The lessons the story teaches: every 'Lesson: ...' item an option gives. */
function lessonsTaught(scenes: readonly StoryScene[]): Set<string> {
  return new Set(
    scenes
      .flatMap((s) => s.options.flatMap((o) => toItemList(o.stats_changes?.addInventory)))
      .filter(isLesson),
  );
}

/**
 * Every lesson has a source line that names listed sources; every scene line names a scene that
 * exists and listed sources; a lesson line no option teaches any more is stale.
 */
export function sourceProblems(scenes: readonly StoryScene[], sources: Sources): Problem[] {
  const problems: Problem[] = [];
  const where = 'content/sources.json';
  const known = (ids: readonly string[]) => ids.filter((id) => !(id in sources.sources));
  const taught = lessonsTaught(scenes);
  for (const lesson of taught) {
    const line = sources.lessons[lesson];
    if (!line) problems.push({ where, message: `'${lesson}' has no source line` });
    else
      for (const id of known(line))
        problems.push({ where, message: `'${lesson}' names unknown source '${id}'` });
  }
  for (const lesson of Object.keys(sources.lessons)) {
    if (!taught.has(lesson))
      problems.push({ where, message: `'${lesson}' is taught by no option (stale line)` });
  }
  const ids = new Set(scenes.map((s) => s.id));
  for (const [sceneId, line] of Object.entries(sources.scenes)) {
    if (!ids.has(sceneId))
      problems.push({ where, message: `scene line '${sceneId}' names no scene of the story` });
    for (const id of known(line))
      problems.push({ where, message: `scene '${sceneId}' names unknown source '${id}'` });
  }
  return problems;
}

/** One report line per lesson with the titles of its sources (what the lint prints). */
export function lessonLines(scenes: readonly StoryScene[], sources: Sources): string[] {
  return [...lessonsTaught(scenes)].map((lesson) => {
    const titles = (sources.lessons[lesson] ?? []).map(
      (id) => sources.sources[id]?.title ?? `? ${id}`,
    );
    return `${lesson} <- ${titles.join('; ') || 'NO SOURCE'}`;
  });
}
