import { decodeEntities } from '../../../../core/html-entities.ts';

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

/** Tags that break a line: their words stay apart; inline tags (b, a, em) join their words. */
const BLOCK_TAG =
  /<\/?(p|div|br|hr|li|ul|ol|h[1-6]|blockquote|pre|section|article|table|tr|td|th|img)\b[^>]*>/gi;

/**
 * The words of an HTML description as plain text: what the server renders (DOMPurify needs a
 * DOM) and the browser hydrates before it swaps in the sanitised HTML. Shown as text, never
 * as markup, so nothing in it can run.
 */
export function htmlToText(source: string): string {
  const text = source
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}
