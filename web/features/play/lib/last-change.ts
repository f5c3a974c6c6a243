import { useSyncExternalStore } from 'react';
import type { ChoiceChanges } from '../../../../core/api/play.ts';

/** What the last choice changed, and the scene it led to (the scene that shows the line). */
export interface LastChange {
  sceneId: string;
  changes: ChoiceChanges;
}

let current: LastChange | null = null;
const listeners = new Set<() => void>();

/**
 * Keeps what the server said the last choice changed, for the next scene to show. It lives in
 * this tab's memory only: it outlasts an event or advertisement screen between the scenes, not
 * a reload (the line is about the step just taken).
 */
export function rememberChange(value: LastChange | null): void {
  current = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last choice's changes when they led to `sceneId`, else null. */
export function useLastChange(sceneId: string): ChoiceChanges | null {
  const value = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return value && value.sceneId === sceneId ? value.changes : null;
}
