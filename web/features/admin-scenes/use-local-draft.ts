import { useEffect, useState } from 'react';
import type { SceneFormValues } from '../../../core/api/admin-scenes-form.ts';

const PREFIX = 'seo-adventure:scene-draft:';

/** An unsaved copy of the editor, kept in this browser until the scene is saved. */
export interface LocalDraft {
  values: SceneFormValues;
  /** The scene version the draft was edited from. */
  version: number | null;
  savedAt: string;
}

function read(key: string): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const d = JSON.parse(raw) as LocalDraft;
    return d && typeof d === 'object' && d.values ? d : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the editor's values in localStorage while they differ from the saved scene (written on
 * every change), so a crash, a closed tab or a lost session loses nothing.
 * `found` is the draft that was there when the editor opened, for 'Restore draft'.
 */
export function useLocalDraft(
  key: string,
  values: SceneFormValues,
  dirty: boolean,
  version: number | null,
) {
  const [found, setFound] = useState<LocalDraft | null>(() => read(key));
  const serialised = JSON.stringify(values);
  useEffect(() => {
    if (!dirty) return;
    const draft = `{"values":${serialised},"version":${JSON.stringify(version)},"savedAt":"${new Date().toISOString()}"}`;
    try {
      window.localStorage.setItem(PREFIX + key, draft);
    } catch {
      // Storage full or blocked: the unsaved-changes guard still protects the work.
    }
  }, [key, serialised, dirty, version]);
  return {
    found,
    /** Forgets the draft (after a save, or when the author discards it). */
    clear: () => {
      window.localStorage.removeItem(PREFIX + key);
      setFound(null);
    },
    dismiss: () => setFound(null),
  };
}
