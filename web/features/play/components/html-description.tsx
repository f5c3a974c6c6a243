import { useMemo } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { htmlToText } from '../lib/description.ts';
import { sanitizeDescription } from '../lib/sanitize-description.ts';

const CLASSES =
  'scene-html flex flex-col gap-4 text-scene-content leading-relaxed [&_a]:underline [&_img]:max-w-full';

/**
 * A description written in HTML, sanitised by DOMPurify before it is put into the page. The
 * server render (and the hydration of it, web/lib/use-hydrated.ts) shows its words as plain text, since DOMPurify needs
 * a DOM; the browser then swaps in the sanitised HTML.
 */
export function HtmlDescription({ source }: { source: string }) {
  const inBrowser = useHydrated();
  const html = useMemo(() => (inBrowser ? sanitizeDescription(source) : null), [inBrowser, source]);
  if (html === null) {
    return (
      <div data-testid="scene-description" className={CLASSES}>
        <p>{htmlToText(source)}</p>
      </div>
    );
  }
  return (
    <div
      data-testid="scene-description"
      className={CLASSES}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above (stored XSS)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
