import { slugify } from '../game/links.ts';

/**
 * Twine-style links typed in a scene description ('The map is a place to write'):
 * `[[Label->target]]`, `[[target<-Label]]` and `[[Label]]` become options on save, and the
 * link text leaves the description (players see options as buttons, not inline links).
 */

/** One link found in a description: the option text and the scene it names (id or title). */
export interface DescriptionLink {
  label: string;
  target: string;
}

const LINK = /\[\[([^[\]]+?)\]\]/g;

function parseLink(inner: string): DescriptionLink {
  const arrow = inner.indexOf('->');
  if (arrow >= 0) {
    return { label: inner.slice(0, arrow).trim(), target: inner.slice(arrow + 2).trim() };
  }
  const back = inner.indexOf('<-');
  if (back >= 0) {
    return { label: inner.slice(back + 2).trim(), target: inner.slice(0, back).trim() };
  }
  const label = inner.trim();
  return { label, target: label };
}

/**
 * Takes the links out of a description: the description without them (lines left empty are
 * dropped, spaces tidied) and the links in order. A link with no label or target stays as typed.
 */
export function extractDescriptionLinks(description: string): {
  description: string;
  links: DescriptionLink[];
} {
  const links: DescriptionLink[] = [];
  const stripped = description.replace(LINK, (whole, inner: string) => {
    const link = parseLink(inner);
    if (!link.label || !link.target) return whole;
    links.push(link);
    return '';
  });
  if (links.length === 0) return { description, links };
  const tidy = stripped
    .split('\n')
    .map((line) => line.replace(/[ \t]{2,}/g, ' ').replace(/[ \t]+$/, ''))
    .filter((line, i, all) => line.trim() !== '' || (i > 0 && all[i - 1]?.trim() !== ''))
    .join('\n')
    .trim();
  return { description: tidy, links };
}

/**
 * The name a placeholder goes by on the map and in the editor: the author's own wording when an
 * option leading to it says it (`[[Dex's Garage]]` keeps its capitals and apostrophe), else the
 * words its pending id keeps ('pending-dexs-garage' → 'Dexs garage').
 */
export function placeholderName(pendingId: string, optionTexts: readonly string[]): string {
  const slug = slugify(pendingId.replace(/^pending-/, ''));
  const own = optionTexts.find((t) => slugify(t) === slug);
  return own?.trim() || placeholderTitle(pendingId);
}

/**
 * The title a scene made from a placeholder starts with: the label the author typed, as far as
 * the pending id keeps it ('pending-pro-shoot' → 'Pro shoot').
 */
export function placeholderTitle(pendingId: string): string {
  const words = pendingId
    .replace(/^pending-/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : '';
}
