import { z } from 'zod';
import {
  choiceAnswerSchema,
  choiceChangesSchema,
  choiceRequestSchema,
  gameRecoverySchema,
  gameResponseSchema,
  nextInterruptionSchema,
  playAdvertisementSchema,
  playErrorSchema,
  playerGameSchema,
  playerStatsSchema,
  playOptionSchema,
  playRandomEventSchema,
  playSceneSchema,
  sceneNotFoundSchema,
  statChangeSchema,
  statDiffSchema,
} from '../../core/api/play.ts';
import { CHANGE_COLUMNS } from '../../core/game/change-columns.ts';
import { STAT_LABELS } from '../../core/game/stats.ts';
import { STAT_KEYS, type StatKey } from '../../core/game/stats.types.ts';
import { errorSchema } from './api-contract.ts';

/**
 * The named shapes of the OpenAPI document (`components.schemas`, docs/api.md): the zod schemas
 * of core/api registered in zod's global registry with an id, so every route that uses one
 * refers to it (`$ref`) and a generated client names its type (`Scene`, `Player`, ...).
 * fastify-type-provider-zod's transforms read the ids (server/plugins/openapi.ts).
 */

/** The database column (`*_change` of options and random events) of each stat key. */
const STAT_COLUMNS = Object.fromEntries(
  Object.entries(CHANGE_COLUMNS).map(([column, key]) => [key, column]),
) as Record<StatKey, string>;

/** What a stat key means, in words: the name players see and the database column of its changes. */
function statDescription(key: StatKey): string {
  return `${STAT_LABELS[key]} (what players and authors see). Database: the \`${key}\` key of the stats JSON (players.stats, choice_log.stats_after, options' stats_changes and required_stats); changes in the \`${STAT_COLUMNS[key]}\` columns of random_events and scenario_choices.`;
}

/** Adds an id and a description to a schema in zod's global registry, keeping what .describe() put there. */
function name(schema: z.ZodType, id: string, description?: string): void {
  const meta = z.globalRegistry.get(schema) ?? {};
  z.globalRegistry.add(schema, { ...meta, id, ...(description ? { description } : {}) });
}

let registered = false;

/** Registers the named schemas once (idempotent: every test app calls it). */
export function registerNamedSchemas(): void {
  if (registered) return;
  registered = true;
  for (const key of STAT_KEYS) {
    const field = playerStatsSchema.shape[key];
    z.globalRegistry.add(field, {
      ...z.globalRegistry.get(field),
      description: statDescription(key),
    });
  }
  name(
    playerStatsSchema,
    'Stats',
    `A player's seven stats and inventory. The API names each stat by its key; players and authors see the names below (${STAT_KEYS.map((k) => `${k} = ${STAT_LABELS[k]}`).join(', ')}). Inventory: the items players see (no story flags).`,
  );
  name(playerGameSchema, 'Player', "The player's game: saved scene, stats and progress");
  name(gameRecoverySchema, 'GameRecovery');
  name(gameResponseSchema, 'Game', "The player's game, and why it resumes elsewhere (recovery)");
  name(
    playOptionSchema,
    'Option',
    'An option of a scene as players see it (locked ones with their reason)',
  );
  name(playSceneSchema, 'Scene', 'A scene as players see it, its options locked against the stats');
  name(playAdvertisementSchema, 'Advertisement');
  name(
    playRandomEventSchema,
    'RandomEvent',
    'A random event applied to the stats, with its changes',
  );
  name(statChangeSchema, 'StatChange', 'One stat change: which stat (its key) and by how much');
  name(statDiffSchema, 'StatDiff');
  name(choiceChangesSchema, 'ChoiceChanges');
  name(nextInterruptionSchema, 'NextInterruption');
  name(
    choiceRequestSchema,
    'ChoiceRequest',
    'A decision: the option taken and a fresh idempotency key',
  );
  // The answer as sent: its two shapes, each with its `kind` (core/api/play.ts choiceAnswerSchema).
  const [applied, external] = choiceAnswerSchema.options;
  name(
    applied,
    'ChoiceApplied',
    'A decision applied (kind "applied"): the new game, what changed, what to show first',
  );
  name(
    external,
    'ChoiceExternal',
    'An option that leads to a web address (kind "external"): nothing was recorded; open externalUrl',
  );
  name(
    choiceAnswerSchema,
    'ChoiceAnswer',
    'The answer to a decision; `kind` says which: ChoiceApplied or ChoiceExternal',
  );
  name(errorSchema, 'Error', 'An error: the status text, a message to show, sometimes a code');
  name(playErrorSchema, 'PlayError', 'An error of the play API; code "pending" for a pending link');
  name(sceneNotFoundSchema, 'SceneNotFound', 'No such scene, and the scene to go to instead');
}
