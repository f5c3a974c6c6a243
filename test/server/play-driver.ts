import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type {
  ChoiceResponse,
  GameResponse,
  PlayScene,
  SceneResponse,
} from '../../core/api/play.ts';

/** One HTTP answer as the drivers need it. */
interface DriverResponse {
  status: number;
  body: unknown;
}

/** Sends one JSON request as one player (through app.inject or a real socket). */
type PlayerClient = (
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) => Promise<DriverResponse>;

/** A client that talks to an app in-process with the given session cookie. */
function injectClient(app: FastifyInstance, cookie: string): PlayerClient {
  return async (method, url, body) => {
    const res = await app.inject({
      method,
      url,
      headers: { cookie, origin: app.config.publicUrl },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: parse(res.body) };
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A choice the server acknowledged with 2xx. */
interface AckedChoice {
  optionId: string;
  idempotencyKey: string;
  status: number;
}

/** Thrown when the server answers a driver request with an unexpected status. */
class DriverError extends Error {
  constructor(
    readonly response: DriverResponse,
    what: string,
  ) {
    super(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
  }
}

/**
 * Plays like a fast, simple player: starts a game, then on each scene takes the first option
 * that is open and leads to a written scene. Calls `onAck` for every acknowledged choice (before
 * the next request). Stops after `maxChoices`, at an ending or dead end, or when `shouldStop()`
 * says so; returns the number of acknowledged choices. Any non-2xx answer throws DriverError.
 */
async function playChoices(
  client: PlayerClient,
  options: {
    maxChoices: number;
    shouldStop?: () => boolean;
    onAck?: (choice: AckedChoice) => void;
  },
): Promise<number> {
  const start = await client('POST', '/api/play/game/start', {});
  if (start.status !== 200) throw new DriverError(start, 'start game');
  let sceneId = (start.body as GameResponse).player.currentSceneId;
  let acked = 0;
  while (sceneId && acked < options.maxChoices && !options.shouldStop?.()) {
    const read = await client('GET', `/api/play/scenes/${encodeURIComponent(sceneId)}`);
    if (read.status !== 200) throw new DriverError(read, `read scene ${sceneId}`);
    const option = pickOption((read.body as SceneResponse).scene);
    if (!option) break;
    const idempotencyKey = randomUUID();
    const res = await client('POST', '/api/play/choices', { optionId: option, idempotencyKey });
    if (res.status < 200 || res.status >= 300) throw new DriverError(res, `choice ${option}`);
    acked += 1;
    options.onAck?.({ optionId: option, idempotencyKey, status: res.status });
    const answer = res.body as ChoiceResponse;
    sceneId = 'nextSceneId' in answer ? answer.nextSceneId : null;
  }
  return acked;
}

/** The first option a player can take that leads on to a written scene, or undefined. */
function pickOption(scene: PlayScene): string | undefined {
  if (!scene.takesChoices) return undefined;
  return scene.options.find((o) => !o.locked && !o.isPending && o.nextSceneId && !o.nextUrl)?.id;
}

/** In-process shortcut for tests: a few choices by the player with this cookie. */
export function playSomeChoices(app: FastifyInstance, cookie: string, n: number): Promise<number> {
  return playChoices(injectClient(app, cookie), { maxChoices: n });
}
