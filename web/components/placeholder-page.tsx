import type { ReactNode } from 'react';

/**
 * The frame of a screen whose content a later issue builds: its heading in the right layout
 * and an honest line saying so. Later issues replace the page, not this component.
 */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-retro text-4xl leading-tight text-glow sm:text-5xl">{title}</h1>
      {children}
      <p className="text-xl text-muted-foreground">This screen arrives with a later issue.</p>
    </div>
  );
}
