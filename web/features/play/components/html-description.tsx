import { useMemo } from 'react';
import { sanitizeDescription } from '../lib/sanitize-description.ts';

/** A description written in HTML, sanitised by DOMPurify before it is put into the page. */
export function HtmlDescription({ source }: { source: string }) {
  const html = useMemo(() => sanitizeDescription(source), [source]);
  return (
    <div
      data-testid="scene-description"
      className="scene-html flex flex-col gap-4 text-scene-content leading-relaxed [&_a]:underline [&_img]:max-w-full"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above (DESIGN.md: stored XSS)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
