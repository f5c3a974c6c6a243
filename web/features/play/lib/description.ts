/** A scene description as it is rendered: HTML (sanitised where it is shown), or plain paragraphs. */
export type DescriptionContent =
  | { kind: 'html'; source: string }
  | { kind: 'paragraphs'; paragraphs: string[] };

/** Something that looks like an HTML tag: '<p>', '<br/>', '</div>', '<img src=x>'. */
const TAG = /<\/?[a-z][\w-]*(\s[^<>]*)?\/?>/i;

/** True when a description holds HTML (product rules "Validation": 'HTML if it contains a tag'). */
export function looksLikeHtml(text: string): boolean {
  return TAG.test(text);
}

/**
 * What a description renders as (product rules "Validation"): HTML when it contains a tag (sanitised by
 * sanitizeDescription before it reaches the page), else the text split on blank lines into
 * paragraphs (single line breaks stay inside their paragraph).
 */
export function toDescriptionContent(description: string | null | undefined): DescriptionContent {
  const text = description ?? '';
  if (looksLikeHtml(text)) return { kind: 'html', source: text };
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return { kind: 'paragraphs', paragraphs };
}
