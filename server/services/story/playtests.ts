import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  PLAYTEST_HEADER,
  PLAYTEST_PREFIX,
  type PlaytestResponse,
  STORY_MESSAGES,
  type StartPlaytestInput,
} from '../../../core/api/story.ts';
import { arrivalStats } from '../../../core/game/arrival-stats.ts';
import { getPlayScene } from '../../db/repositories/play-content-cache.ts';
import { resetPlayerState } from '../../db/repositories/play-state.ts';
import { bool } from '../../db/repositories/values.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import type { SessionUser } from '../../fastify.d.ts';

/**
 * The stats a player reaching `sceneId` would plausibly have (core's arrivalStats): its own
 * checkpoint, else the nearest one on the way to it over the starting stats, else those.
 */
async function arrivingWith(db: Kysely<Database>, sceneId: string) {
  const [scenes, links] = await Promise.all([
    db.selectFrom('scenarios').select(['id', 'stats_config', 'is_start']).execute(),
    db
      .selectFrom('scenario_choices')
      .select(['scenario_id', 'next_scenario_id'])
      .where('next_scenario_id', 'is not', null)
      .orderBy('scenario_id')
      .orderBy('position')
      .execute(),
  ]);
  return arrivalStats(
    sceneId,
    scenes.map((s) => ({ id: s.id, statsConfig: s.stats_config, isStart: bool(s.is_start) })),
    links.map((l) => ({ from: l.scenario_id, to: l.next_scenario_id as string })),
  );
}

/** How many test games an admin keeps; older ones are removed with their choice log. */
const PLAYTESTS_KEPT = 3;

/**
 * 'Play from here': a new test game for this admin at `sceneId`, with the stats a player
 * arriving there would plausibly have (arrivingWith) or the values chosen, and the inventory
 * chosen (empty by default), so item- and flag-gated options can be tried. The game is a
 * players row of its own (`playtest-<uuid>`, test_owner_id = the admin), so the admin's real
 * progress is never touched and analytics leave it out.
 */
export async function startPlaytest(
  db: Kysely<Database>,
  admin: SessionUser,
  input: StartPlaytestInput,
): Promise<PlaytestResponse> {
  const scene = await getPlayScene(db, input.sceneId);
  if (!scene) throw new HttpError(404, STORY_MESSAGES.sceneNotFound);
  const stats = { ...(await arrivingWith(db, scene.id)), ...input.stats };
  if (input.inventory) stats.inventory = [...new Set(input.inventory)];
  const playtestId = `${PLAYTEST_PREFIX}${randomUUID()}`;
  await db.transaction().execute(async (trx) => {
    await resetPlayerState(trx, { userId: playtestId, sceneId: scene.id, stats, isGuest: false });
    await trx
      .updateTable('players')
      .set({ test_owner_id: admin.id })
      .where('user_id', '=', playtestId)
      .execute();
    const old = await trx
      .selectFrom('players')
      .select('user_id')
      .where('test_owner_id', '=', admin.id)
      .orderBy('created_at', 'desc')
      .orderBy('user_id')
      .offset(PLAYTESTS_KEPT)
      .limit(1000)
      .execute();
    const ids = old.map((r) => r.user_id).filter((id) => id !== playtestId);
    if (ids.length > 0) {
      await trx.deleteFrom('choice_log').where('player_id', 'in', ids).execute();
      await trx.deleteFrom('players').where('user_id', 'in', ids).execute();
    }
  });
  return { playtestId, sceneId: scene.id, sceneTitle: scene.title, stats };
}

/**
 * Play requests carrying the play-test header act on that test game instead of the caller's own:
 * only for a signed-in admin who owns it (403 / 404 otherwise). Returns the user to play as.
 */
export async function playtestUserOf(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const header = request.headers[PLAYTEST_HEADER];
  const id = Array.isArray(header) ? header[0] : header;
  if (!id) return request.user;
  const user = request.user;
  // Play routes may take the session from a short cache (server/auth/session-cache.ts); a role
  // check asks the database, so an admin promoted a moment ago can play-test at once.
  const role = user
    ? (await db.selectFrom('user').select('role').where('id', '=', user.id).executeTakeFirst())
        ?.role
    : undefined;
  if (!user || user.isAnonymous || role !== 'admin') {
    throw new HttpError(403, STORY_MESSAGES.playtestAdminOnly);
  }
  const row = await db
    .selectFrom('players')
    .select('user_id')
    .where('user_id', '=', id)
    .where('test_owner_id', '=', user.id)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, STORY_MESSAGES.playtestNotFound);
  return { ...user, id: row.user_id, isAnonymous: false };
}
