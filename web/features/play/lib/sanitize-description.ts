import DOMPurify from 'dompurify';

/**
 * Sanitises description HTML (stored XSS). DOMPurify drops scripts, event handler
 * attributes, javascript: URLs and everything outside its safe list; iframes, forms and styles
 * are forbidden as well, since an embedded page belongs in the sandboxed html_section. Links are
 * made to open in a new tab without access to this page. Its own module: only scenes whose
 * description is HTML load DOMPurify.
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
