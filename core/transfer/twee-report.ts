import type { SourcePassage } from './story-source.ts';
import { excerpt, playersRead } from './twine-dry-run.ts';

/**
 * The dry run's notes on a Twine story: what a passage holds that this game does not run
 * (story-format macros and conditions), and which passages are story code rather than scenes.
 */

/** Tags that mean something here: they become the scene's flags. */
export const SCENE_TAGS = new Set(['start', 'ending', 'end-of-day']);

const SUGARCUBE_SPECIAL = new Set([
  'StoryInit',
  'StoryCaption',
  'StoryMenu',
  'StoryBanner',
  'StorySubtitle',
  'StoryAuthor',
  'StoryInterface',
  'StoryShare',
  'StorySettings',
  'StoryIncludes',
  'PassageReady',
  'PassageDone',
  'PassageHeader',
  'PassageFooter',
]);
const HARLOWE_SPECIAL_TAGS = [
  'startup',
  'header',
  'footer',
  'debug-startup',
  'debug-header',
  'debug-footer',
];

/**
 * Why a passage is story code, not a scene (then it is not imported), or null: script and
 * stylesheet passages, SugarCube's special passages and widgets, Harlowe's startup/header/footer.
 */
export function notAScene(p: SourcePassage): string | null {
  if (p.tags.includes('script')) return 'Story JavaScript passage';
  if (p.tags.includes('stylesheet')) return 'Stylesheet passage';
  if (p.tags.includes('widget')) return 'SugarCube widget passage';
  const harlowe = HARLOWE_SPECIAL_TAGS.find((t) => p.tags.includes(t));
  if (harlowe) return `Harlowe ${harlowe} passage (runs with other passages)`;
  if (SUGARCUBE_SPECIAL.has(p.name)) return `SugarCube special passage ${p.name} (story code)`;
  return null;
}

/** What the dry run says of story code: kept for Twine, not run here. */
export const KEPT_CODE = 'kept for the Twine exports; this game does not run it.';

const unique = (items: string[]) => [...new Set(items)];
const list = (items: string[], max = 5) =>
  items.length > max
    ? `${items.slice(0, max).join(', ')} and ${items.length - max} more`
    : items.join(', ');

type Family = 'sugarcube' | 'harlowe' | 'chapbook' | 'snowman';

/** The families of markup to look for: the story's format, or all when it names none. */
function families(format: string | null): Family[] {
  const f = format?.toLowerCase() ?? '';
  if (f.startsWith('sugarcube')) return ['sugarcube'];
  if (f.startsWith('harlowe')) return ['harlowe'];
  if (f.startsWith('chapbook')) return ['chapbook'];
  if (f.startsWith('snowman')) return ['snowman'];
  return ['sugarcube', 'harlowe', 'chapbook', 'snowman'];
}

/** Chapbook's vars section: `name: value` lines closed by a `--` line at the top of a passage. */
function chapbookVars(text: string): string[] {
  const lines = text.split('\n');
  const end = lines.findIndex((l) => l.trim() === '--');
  if (end <= 0) return [];
  const vars = lines.slice(0, end).filter((l) => l.trim());
  const names = vars.map((l) => /^\s*([\w.$]+)\s*(?:\([^)]*\))?\s*:/.exec(l)?.[1]);
  return names.every(Boolean) ? (names as string[]) : [];
}

/**
 * What of a passage's text this game does not run, one message per story format found:
 * SugarCube `<<macro>>`, Harlowe `(macro:)`, Chapbook `[modifier]` / `{insert}` / vars section,
 * Snowman `<% code %>`. The text stays in the scene as written.
 */
export function markupWarnings(text: string, format: string | null): string[] {
  const out: string[] = [];
  const seen = playersRead(text);
  const kept =
    seen === text.trim()
      ? 'this game does not run them; players read them as written.'
      : `this game does not run them; players read: "${excerpt(seen, text)}"`;
  for (const family of families(format)) {
    if (family === 'sugarcube') {
      const names = unique(
        [...text.matchAll(/<<\/?([A-Za-z=-][\w-]*)/g)].map((m) => `<<${m[1]}>>`),
      );
      if (names.length) out.push(`SugarCube macros and conditions ${list(names)}: ${kept}`);
    } else if (family === 'harlowe') {
      const names = unique([...text.matchAll(/\(([A-Za-z][\w-]*):/g)].map((m) => `(${m[1]}:)`));
      if (names.length) out.push(`Harlowe macros and conditions ${list(names)}: ${kept}`);
    } else if (family === 'chapbook') {
      const modifiers = unique(
        [...text.matchAll(/^[ \t]*\[(?!\[)([^\]\n]+)\][ \t]*$/gm)].map(
          (m) => `[${(m[1] as string).trim().split(/\s+/)[0]}]`,
        ),
      );
      const inserts = unique(
        [...text.matchAll(/\{([a-z][\w ]*?)(?:\s*:[^}]*)?\}/gi)].map((m) => `{${m[1]}}`),
      );
      const vars = chapbookVars(text);
      const parts = [
        modifiers.length ? `modifiers ${list(modifiers)}` : '',
        inserts.length ? `inserts ${list(inserts)}` : '',
        vars.length ? `vars section (${list(vars)})` : '',
      ].filter(Boolean);
      if (parts.length) out.push(`Chapbook ${parts.join(', ')}: ${kept}`);
    } else if (/<%[\s\S]*?%>/.test(text)) {
      out.push(`Snowman code <% … %>: ${kept}`);
    }
  }
  return out;
}

/** True when a scene's passage may not take this name: Twee's own, or one a story format reserves. */
export function isReservedName(name: string): boolean {
  return name === 'StoryTitle' || name === 'StoryData' || SUGARCUBE_SPECIAL.has(name);
}

interface StartScene {
  id: string;
  title: string;
  description: string | null;
  is_start: boolean;
  is_ending: boolean;
}
interface StartOption {
  scenario_id: string;
  next_scenario_id: string | null;
  next_url?: string | null;
}

/**
 * Why the story's start cannot be played, or null: no start at all, a start that is an ending,
 * one with neither text nor options, or one none of whose options leads to another scene.
 */
export function unplayableStart(scenes: StartScene[], options: StartOption[]): string | null {
  const start = scenes.find((s) => s.is_start);
  if (!start) return 'The story has no start passage: players cannot begin it.';
  const ids = new Set(scenes.map((s) => s.id));
  const mine = options.filter((o) => o.scenario_id === start.id);
  const reasons: string[] = [];
  if (start.is_ending) reasons.push('it is an ending');
  if (!start.description?.trim() && mine.length === 0) {
    reasons.push('it is empty (no text and no options)');
  } else if (mine.length === 0) {
    reasons.push('it has no options (no link this game could follow)');
  } else if (!mine.some((o) => o.next_scenario_id && ids.has(o.next_scenario_id))) {
    reasons.push('none of its options leads to another scene of the story');
  }
  if (!reasons.length) return null;
  return `The start passage "${start.title}" cannot be played: ${reasons.join('; ')}.`;
}
