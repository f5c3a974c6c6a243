import { lazy, Suspense, useMemo } from 'react';
import { toDescriptionContent } from '../lib/description.ts';

/** HTML descriptions bring DOMPurify along; plain-text scenes (most of them) never load it. */
const HtmlDescription = lazy(() =>
  import('./html-description.tsx').then((m) => ({ default: m.HtmlDescription })),
);

/**
 * A scene's description (product rules "Validation"): sanitised HTML when it holds a tag, else paragraphs split on
 * blank lines (single line breaks kept). Takes the text, never a scene id.
 */
export function SceneDescription({ text }: { text: string | null }) {
  const content = useMemo(() => toDescriptionContent(text), [text]);
  if (content.kind === 'html') {
    return (
      <Suspense fallback={<div className="min-h-24" aria-busy="true" />}>
        <HtmlDescription source={content.source} />
      </Suspense>
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
