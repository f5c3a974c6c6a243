import type { Bundle } from './format.ts';
import type { StoryIdentity } from './story-source.ts';
import { storyPassages } from './twee.ts';

/**
 * The adventure as a Twine 2 archive (docs/twine.md): the `<tw-storydata>` element Twine 2 writes
 * with Library > Archive and reads with Library > Import, holding one `<tw-passagedata>` per
 * passage (pid, name, tags, position, size) with the same passages as the Twee export. Text and
 * attributes are escaped as Twine escapes them (& < > " '). A story without a story format is
 * given Twine's default, Harlowe, whose links are the `[[…]]` links the passages use.
 */

/** The story format named when the adventure has none of its own. */
const DEFAULT_FORMAT = { name: 'Harlowe', version: '3.3.9' } as const;

/** The version of this writer, given to Twine as the story's creator version. */
const CREATOR_VERSION = '1.0.0';

/** Text and attribute values escaped as Twine escapes them. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/**
 * Story code as the raw text of its element, as Twine writes it (a script or style element's
 * text is not entity-decoded): only a closing tag inside would end it early, so `</` before the
 * element's name is written `<\/`.
 */
const rawText = (code: string, element: 'script' | 'style') =>
  code.replace(new RegExp(`</(${element})`, 'gi'), '<\\/$1');

const attrs = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
    .join(' ');

/** The adventure as a Twine 2 archive file (HTML). */
export function toTwineHtml(bundle: Bundle, story: StoryIdentity & { ifid: string }): string {
  const out = storyPassages(bundle, story);
  const format = out.format ?? DEFAULT_FORMAT.name;
  const version = out.format ? (out.formatVersion ?? '') : DEFAULT_FORMAT.version;
  const startPid = out.passages.findIndex((p) => p.name === out.start) + 1;
  const passages = out.passages.map(
    (p, i) =>
      `<tw-passagedata ${attrs({
        pid: String(i + 1),
        name: p.name,
        tags: p.tags.join(' '),
        // The Twine 2 HTML spec makes position optional: a code passage without one has none.
        ...(p.position ? { position: p.position, size: '100,100' } : {}),
      })}>${escapeHtml(p.text)}</tw-passagedata>`,
  );
  const data = attrs({
    name: out.title,
    startnode: startPid > 0 ? String(startPid) : '',
    creator: 'SEO Adventure',
    'creator-version': CREATOR_VERSION,
    ifid: out.ifid,
    zoom: String(out.zoom ?? 1),
    format,
    'format-version': version,
    options: '',
    tags: '',
  });
  const tagColors = Object.entries(out.tagColors).map(
    ([name, color]) => `<tw-tag ${attrs({ name, color })}></tw-tag>`,
  );
  return [
    '<!DOCTYPE html>',
    '<html>',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(out.title)}</title>`,
    '</head>',
    '<body>',
    `<tw-storydata ${data} hidden><style role="stylesheet" id="twine-user-stylesheet" type="text/twine-css">${rawText(out.stylesheet, 'style')}</style><script role="script" id="twine-user-script" type="text/twine-javascript">${rawText(out.script, 'script')}</script>${tagColors.join('')}${passages.join('')}</tw-storydata>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
