import { useMemo } from 'react';
import { toDescriptionContent } from '../lib/description.ts';

/**
 * A scene's description (spec §5): sanitised HTML when it holds a tag, else paragraphs split on
 * blank lines (single line breaks kept). Takes the text, never a scene id.
 */
export function SceneDescription({ text }: { text: string | null }) {
  const content = useMemo(() => toDescriptionContent(text), [text]);
  if (content.kind === 'html') {
    return (
      <div
        data-testid="scene-description"
        className="scene-html flex flex-col gap-4 text-scene-content leading-relaxed [&_a]:underline [&_img]:max-w-full"
        // Sanitised by DOMPurify in toDescriptionContent (DESIGN.md: stored XSS).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised just above
        dangerouslySetInnerHTML={{ __html: content.html }}
      />
    );
  }
  return (
    <div
      data-testid="scene-description"
      className="flex flex-col gap-4 text-scene-content leading-relaxed"
    >
      {content.paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity besides their place
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </div>
  );
}
