import { FORMAT_DEFAULTS, guessFormat } from './story-code.ts';
import type { StorySource } from './story-source.ts';
import type { StoryPassage, Warn } from './twee-options.ts';

/* A Twine story's format and start passage, as the import decides them (core/transfer/twee-import.ts). */

/** The version an export names for a story format the import had to guess. */
export function guessedVersion(format: string | null): string | null {
  const known = Object.values(FORMAT_DEFAULTS).find((f) => f.name === format);
  return known?.version ?? null;
}

/**
 * The story's format: as the file names it, else the one its markup is written for (then the
 * dry run says so), else none.
 */
export function storyFormat(
  source: StorySource,
  passages: { name: string; tags: string[]; text: string }[],
  warn: Warn,
): string | null {
  if (source.format) return source.format;
  const family = guessFormat(passages);
  if (!family) return null;
  const f = FORMAT_DEFAULTS[family];
  warn(
    null,
    `The file names no story format; its markup is ${f.name}'s, so the game and its Twine exports treat it as ${f.name} ${f.version}.`,
    null,
  );
  return f.name;
}

/** The start passage's name (see storyToBundle), saying so when it had to be guessed. */
export function pickStart(source: StorySource, story: StoryPassage[], warn: Warn): string | null {
  const names = new Set(story.map((s) => s.p.name));
  if (source.start && names.has(source.start)) return source.start;
  const tagged = story.find((s) => s.p.tags.includes('start'))?.p.name;
  const guess = tagged ?? (names.has('Start') ? 'Start' : (story[0]?.p.name ?? null));
  if (source.start) {
    warn(
      null,
      `The story's start passage "${source.start}" is not a scene in the file: the game starts at "${guess ?? '(none)'}".`,
    );
  } else if (!tagged && guess !== 'Start' && story[0]) {
    warn(
      story[0].p,
      'No start passage (StoryData names none and no passage is called "Start"): the game starts here, at the first passage.',
    );
  }
  return guess;
}
