import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { request } from 'playwright-core';

interface StoryOption {
  id: string;
  next_scenario_id: string | null;
  stats_changes?: { addInventory?: string[] } | null;
}
interface StoryScene {
  id: string;
  is_ending?: boolean;
  options?: StoryOption[];
}

/**
 * A route planner over the campaign the server loaded (content/scenes.json, read at test time so
 * a rewritten campaign still works): each option's distance to the nearest ending, and whether it
 * buys a shortcut ('Bought: …'). Locks are the server's business: the player only picks among the
 * options the live scene offers unlocked.
 */
export function storyPlanner() {
  const file = fileURLToPath(new URL('../../content/scenes.json', import.meta.url));
  const scenes = JSON.parse(readFileSync(file, 'utf8')) as StoryScene[];
  const distance = new Map<string, number>();
  for (const s of scenes) if (s.is_ending) distance.set(s.id, 0);
  // Relax until nothing changes: the story has a few dozen scenes.
  for (let changed = true; changed; ) {
    changed = false;
    for (const s of scenes) {
      for (const o of s.options ?? []) {
        const d = o.next_scenario_id ? distance.get(o.next_scenario_id) : undefined;
        if (d !== undefined && d + 1 < (distance.get(s.id) ?? Number.POSITIVE_INFINITY)) {
          distance.set(s.id, d + 1);
          changed = true;
        }
      }
    }
  }
  const options = new Map(scenes.flatMap((s) => (s.options ?? []).map((o) => [o.id, o] as const)));
  const buys = (id: string) =>
    (options.get(id)?.stats_changes?.addInventory ?? []).some((i) => i.startsWith('Bought: '));
  const toEnd = (id: string) => {
    const next = options.get(id)?.next_scenario_id;
    return next ? (distance.get(next) ?? 1000) : 1000;
  };
  /** Of the offered option ids: a shortcut when one is offered, else the one nearest an ending. */
  const pick = (offered: string[]) =>
    offered.find(buys) ?? [...offered].sort((a, b) => toEnd(a) - toEnd(b))[0];
  return { pick, buys };
}

/** A scene as the play API reads it (what a student's client sees). */
interface LiveScene {
  id: string;
  title: string;
  isEnding: boolean;
  options: { id: string; locked: boolean; isPending: boolean; nextSceneId: string | null }[];
}

/**
 * A student without a browser page: the same HTTP calls the join page and the game make (the
 * look-up, the join, then decisions), with its own cookie jar, from the test's one address.
 */
export async function httpStudent(baseUrl: string, code: string, name: string) {
  const ctx = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { origin: baseUrl } });
  const lookup = await ctx.get(`/api/join/${code}`);
  const joined = await ctx.post(`/api/join/${code}`, { data: { name } });
  const scene = async (): Promise<LiveScene> => {
    const game = await (await ctx.get('/api/play/game')).json();
    const read = await ctx.get(
      `/api/play/scenes/${encodeURIComponent(game.player.currentSceneId)}`,
    );
    return (await read.json()).scene;
  };
  return {
    ctx,
    lookup: lookup.status(),
    joined: joined.status(),
    joinAnswer: await joined.text(),
    scene,
    /** Takes `optionId` (or the option `pick` names among those offered); returns its id. */
    async decide(pick: (offered: string[]) => string | undefined): Promise<string | null> {
      const view = await scene();
      if (view.isEnding) return null;
      const offered = view.options
        .filter((o) => !o.locked && !o.isPending && o.nextSceneId)
        .map((o) => o.id);
      const optionId = pick(offered);
      if (!optionId) return null;
      const res = await ctx.post('/api/play/choices', {
        data: { optionId, idempotencyKey: randomUUID() },
      });
      if (res.status() !== 200) throw new Error(`${name}: choice answered ${res.status()}`);
      return optionId;
    },
  };
}
