import { createElement, type ReactNode, useEffect, useState } from 'react';
import { HydrateLater } from './hydrate-later.tsx';
import { useHydrated } from './use-hydrated.ts';

/**
 * False in the first render of a part the browser mounts by itself (Start from '/' renders the
 * whole game layout and first scene inside the click), true from the render after that paint:
 * parts out of sight at first (below the fold, folded, off to the side) wait for it, so the
 * first scene's options are painted sooner. True at once while the browser hydrates a server's
 * page, whose HTML already has them (web/lib/use-hydrated.ts).
 */
export function useAfterFirstPaint(): boolean {
  const hydrated = useHydrated();
  const [painted, setPainted] = useState(!hydrated);
  // Effects run after the paint (Preact schedules them behind the next animation frame).
  useEffect(() => setPainted(true), []);
  return painted;
}

/**
 * Its children from the render after the first paint (useAfterFirstPaint), nothing before. On a
 * server-rendered page they are there at once and hydrate in a later task (HydrateLater).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? createElement(HydrateLater, null, children) : null;
}
