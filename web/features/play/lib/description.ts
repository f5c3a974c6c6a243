import DOMPurify from 'dompurify';

/** A scene description as it is rendered: sanitised HTML, or plain paragraphs. */
export type DescriptionContent =
  | { kind: 'html'; html: string }
  | { kind: 'paragraphs'; paragraphs: string[] };

/** Something that looks like an HTML tag: '<p>', '<br/>', '</div>', '<img src=x>'. */
const TAG = /<\/?[a-z][\w-]*(\s[^<>]*)?\/?>/i;

/** True when a description holds HTML (spec §5: 'HTML if it contains a tag'). */
export function looksLikeHtml(text: string): boolean {
  return TAG.test(text);
}

/**
 * Sanitises description HTML (DESIGN.md: stored XSS). DOMPurify drops scripts, event handler
 * attributes, javascript: URLs and everything outside its safe list; iframes, forms and styles
 * are forbidden as well, since an embedded page belongs in the sandboxed html_section. Links are
 * made to open in a new tab without access to this page.
 */
export function sanitizeDescription(html: string): string {
  const purify = DOMPurify();
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

/**
 * What a description renders as (spec §5): sanitised HTML when it contains a tag, else the text
 * split on blank lines into paragraphs (single line breaks stay inside their paragraph).
 */
export function toDescriptionContent(description: string | null | undefined): DescriptionContent {
  const text = description ?? '';
  if (looksLikeHtml(text)) return { kind: 'html', html: sanitizeDescription(text) };
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return { kind: 'paragraphs', paragraphs };
}
