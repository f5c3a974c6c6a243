import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { parseTwee } from 'extwee';

/**
 * Builds a playable Twine story the way Twine's Publish to File does: the story format's
 * `format.js` (JSONP `window.storyFormat({... source ...})`, vendored under
 * test/fixtures/twine/formats/) gives an HTML template whose {{STORY_NAME}} and {{STORY_DATA}}
 * are replaced by the story's name and its `<tw-storydata>` element.
 */

const FORMATS = new URL('../fixtures/twine/formats/', import.meta.url);

/** The story formats vendored for the tests, by directory name. */
export type FormatDir =
  | 'harlowe-2.1.0'
  | 'harlowe-3.3.9'
  | 'sugarcube-2.37.3'
  | 'snowman-2.1.1'
  | 'chapbook-2.3.0';

/** A story format's HTML template (its `source`). */
function formatSource(dir: FormatDir): string {
  const js = readFileSync(new URL(`${dir}/format.js`, FORMATS), 'utf8');
  // Some formats add functions (Harlowe's editor `setup`), so the file is run, not JSON-parsed.
  let source = '';
  const storyFormat = (f: { source: string }) => {
    source = f.source;
  };
  runInNewContext(js, { window: { storyFormat } });
  return source;
}

/** The `<tw-storydata>` element of a Twine 2 HTML file (published or archive). */
export function storyDataOf(html: string): string {
  const m = /<tw-storydata\b[\s\S]*?<\/tw-storydata>/i.exec(html);
  if (!m) throw new Error('no <tw-storydata> element');
  return m[0];
}

/** A Twee 3 file as a `<tw-storydata>` element, written by extwee (not by this project's code). */
export function storyDataOfTwee(twee: string): string {
  return parseTwee(twee).toTwine2HTML();
}

/** The published story: the format's template around the story data. */
export function publish(storyData: string, dir: FormatDir): string {
  const name = /<tw-storydata\b[^>]*\bname="([^"]*)"/i.exec(storyData)?.[1] ?? 'Story';
  return formatSource(dir)
    .replace(/\{\{STORY_NAME\}\}/g, () => name)
    .replace(/\{\{STORY_DATA\}\}/g, () => storyData);
}
