/**
 * The admin's active play-test ('Play from here'), kept for this browser tab only
 * (sessionStorage). While one is active every /api/play request carries its id, so the server
 * plays the test game instead of the admin's real one.
 */
export interface ActivePlaytest {
  playtestId: string;
  sceneId: string;
  sceneTitle: string;
  /** Where 'Back to editor' leads, e.g. /admin/scenes/intro or /admin/story-map. */
  returnTo: string;
}

const KEY = 'seo-adventure:playtest';
/** Same as core/api/story.ts PLAYTEST_HEADER (kept zod-free for the player bundle). */
const PLAYTEST_HEADER = 'x-playtest-id';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function getActivePlaytest(): ActivePlaytest | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ActivePlaytest>;
    if (typeof value.playtestId !== 'string' || typeof value.sceneId !== 'string') return null;
    return {
      playtestId: value.playtestId,
      sceneId: value.sceneId,
      sceneTitle: String(value.sceneTitle ?? value.sceneId),
      returnTo: typeof value.returnTo === 'string' ? value.returnTo : '/admin',
    };
  } catch {
    return null;
  }
}

export function setActivePlaytest(value: ActivePlaytest): void {
  storage()?.setItem(KEY, JSON.stringify(value));
}

export function clearActivePlaytest(): void {
  storage()?.removeItem(KEY);
}

/** The header of the active play-test for a request to `path` (only /api/play/*). */
export function playtestHeaders(path: string): Record<string, string> {
  if (!path.startsWith('/api/play/')) return {};
  const active = getActivePlaytest();
  return active ? { [PLAYTEST_HEADER]: active.playtestId } : {};
}
