import { randomUUID } from 'node:crypto';
import { type HttpPlayer, ok, request, type ServerProcess } from './http-kit.ts';

/*
 * Players driving a real server over HTTP on scenes that loop forever: the load, crash and
 * throughput measurements (e2e/load, e2e/crash, npm run bench) share these.
 */

export const LOOP_A = 'ops-loop-a';
export const LOOP_B = 'ops-loop-b';
/** A scene whose one option leads back to itself: every choice there is valid, in any order. */
export const LOOP_SELF = 'ops-loop-self';

/**
 * Two scenes that lead to each other (A → B → A ...) with open options, A set as the initial
 * scene, and a scene that leads to itself: players then take choices forever. Returns the option
 * id to take on each scene.
 */
export async function createLoopScenes(
  baseUrl: string,
  cookie: string,
): Promise<Record<string, string>> {
  const fields = (title: string) => ({
    title,
    subtitle: 'A loop for measurements',
    description: `${title}: the shop hums along.`,
  });
  await ok(baseUrl, 'POST', '/api/admin/scenes', cookie, { id: LOOP_A, ...fields('Loop A') });
  const b = (await ok(baseUrl, 'POST', '/api/admin/scenes', cookie, {
    id: LOOP_B,
    ...fields('Loop B'),
    options: [{ text: 'Back to A', destinationType: 'scene', nextSceneId: LOOP_A }],
  })) as { options: { id: string }[] };
  const a = (await ok(baseUrl, 'PUT', `/api/admin/scenes/${LOOP_A}`, cookie, {
    ...fields('Loop A'),
    addOptions: [{ text: 'On to B', destinationType: 'scene', nextSceneId: LOOP_B }],
  })) as { options: { id: string }[] };
  await ok(baseUrl, 'POST', '/api/admin/scenes', cookie, { id: LOOP_SELF, ...fields('Loop') });
  const self = (await ok(baseUrl, 'PUT', `/api/admin/scenes/${LOOP_SELF}`, cookie, {
    ...fields('Loop'),
    addOptions: [{ text: 'Once more', destinationType: 'scene', nextSceneId: LOOP_SELF }],
  })) as { options: { id: string }[] };
  await ok(baseUrl, 'POST', `/api/admin/scenes/${LOOP_A}/initial`, cookie);
  const optionA = a.options.at(-1)?.id;
  const optionB = b.options[0]?.id;
  const optionSelf = self.options[0]?.id;
  if (!optionA || !optionB || !optionSelf) throw new Error('loop scenes came back without options');
  return { [LOOP_A]: optionA, [LOOP_B]: optionB, [LOOP_SELF]: optionSelf };
}

/** A choice the server acknowledged. */
export interface Ack {
  playerId: string;
  idempotencyKey: string;
  optionId: string;
  nextSceneId: string;
}

/** How many times a player retries a request the server refused with 503 + Retry-After. */
const MAX_BUSY_RETRIES = 5;

/**
 * One player on the loop scenes: starts a game, then reads the scene, thinks for `thinkMs()` and
 * makes a choice, until `shouldStop()`; every 200 answer is recorded before the next request.
 * A 503 'server busy' (under-pressure) is retried after its Retry-After, as the web app does, and
 * counted in `busy` (a retried choice keeps its idempotency key, so it is applied once). Any other
 * status, or a request still refused after MAX_BUSY_RETRIES, goes to `errors` and ends the run.
 */
export async function playLoop(
  baseUrl: string,
  player: HttpPlayer,
  loop: Record<string, string>,
  shouldStop: () => boolean,
  acks: Ack[],
  errors: string[],
  thinkMs: () => number = () => 0,
  busy: { count: number } = { count: 0 },
): Promise<void> {
  const opts = { cookie: player.cookie, localAddress: player.localAddress };
  const send = async (method: string, url: string, body?: unknown) => {
    for (let attempt = 0; ; attempt++) {
      const res = await request(baseUrl, method, url, { ...opts, body });
      const retryAfter = Number(res.headers['retry-after']);
      if (res.status !== 503 || !Number.isFinite(retryAfter) || attempt >= MAX_BUSY_RETRIES) {
        return res;
      }
      busy.count++;
      await new Promise((r) => setTimeout(r, retryAfter * 1000));
    }
  };
  const think = async () => {
    const end = Date.now() + thinkMs();
    while (!shouldStop() && Date.now() < end) {
      await new Promise((r) => setTimeout(r, Math.min(250, end - Date.now())));
    }
  };
  try {
    const start = await send('POST', '/api/play/game/start', {});
    if (start.status !== 200) throw new Error(`start: ${start.status} ${start.text}`);
    let scene = (start.json() as { player: { currentSceneId: string } }).player.currentSceneId;
    while (!shouldStop()) {
      const read = await send('GET', `/api/play/scenes/${scene}`);
      if (read.status !== 200) throw new Error(`read ${scene}: ${read.status} ${read.text}`);
      await think();
      if (shouldStop()) break;
      const optionId = loop[scene];
      if (!optionId) throw new Error(`not a loop scene: ${scene}`);
      const idempotencyKey = randomUUID();
      const res = await send('POST', '/api/play/choices', { optionId, idempotencyKey });
      if (res.status !== 200) throw new Error(`choice: ${res.status} ${res.text.slice(0, 300)}`);
      const next = (res.json() as { nextSceneId: string }).nextSceneId;
      acks.push({ playerId: player.userId, idempotencyKey, optionId, nextSceneId: next });
      scene = next;
    }
  } catch (err) {
    errors.push(`${player.userId}: ${(err as Error).message}`);
  }
}

export const THINK_MIN_MS = 2000;
export const THINK_MAX_MS = 8000;

/**
 * Players play the loop scenes at once (joining over the first 5 s), each reading a scene and
 * thinking 2–8 s before choosing, while the server's RSS is sampled every 250 ms.
 */
export async function playersPlaying(
  s: ServerProcess,
  players: HttpPlayer[],
  loop: Record<string, string>,
  durationMs: number,
): Promise<{
  acks: Ack[];
  perSecond: number;
  errors: string[];
  peakRss: number;
  busyRetries: number;
}> {
  const acks: Ack[] = [];
  const errors: string[] = [];
  const busy = { count: 0 };
  let stop = false;
  let peakRss = s.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, s.rss());
  }, 250);
  const t0 = Date.now();
  const think = () => THINK_MIN_MS + Math.random() * (THINK_MAX_MS - THINK_MIN_MS);
  const runs = players.map(async (p, i) => {
    await new Promise((r) => setTimeout(r, (i / players.length) * 5000));
    await playLoop(s.url, p, loop, () => stop, acks, errors, think, busy);
  });
  await new Promise((r) => setTimeout(r, durationMs));
  stop = true;
  await Promise.all(runs);
  clearInterval(sampler);
  return {
    acks,
    perSecond: acks.length / ((Date.now() - t0) / 1000),
    errors,
    peakRss,
    busyRetries: busy.count,
  };
}
