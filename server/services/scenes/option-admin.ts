import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AdminOption,
  OPTION_MESSAGES,
  type OptionInputParsed,
  type OptionSaveResponse,
  type PlaceholderMatch,
  type SceneOptionInputParsed,
} from '../../../core/api/admin-scene-options.ts';
import type { Author } from '../../../core/api/history.ts';
import {
  isPendingLink,
  matchExistingScene,
  slugify,
  toPendingId,
} from '../../../core/game/links.ts';
import { toItemList, toNumber, toStatChanges } from '../../../core/game/stats.ts';
import { STAT_KEYS } from '../../../core/game/stats.types.ts';
import {
  deleteOption,
  insertOption,
  type OptionColumns,
  optionRow,
  optionRows,
  setOptionPosition,
  toAdminOption,
  updateOption,
} from '../../db/repositories/scene-options-admin.ts';
import {
  placeholderCandidates,
  sceneExists,
  sceneTitles,
  touchScene,
} from '../../db/repositories/scenes-admin.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import { sceneChange, writeTracked } from '../history/record.ts';

type Db = Kysely<Database>;

/**
 * Where a placeholder label leads (product rules "Play" 'Pending option'): the existing scene whose id or
 * normalised title it names ('Connected to existing scene'), else the pending id it is saved as.
 */
export async function matchPlaceholder(db: Db, label: string): Promise<PlaceholderMatch> {
  const bare = isPendingLink(label.trim()) ? label.trim().slice('pending-'.length) : label;
  const candidates = await placeholderCandidates(db, label, slugify(bare));
  const scene = matchExistingScene(label, candidates);
  return {
    pendingId: toPendingId(label),
    scene: scene ? { id: scene.id, title: scene.title } : null,
  };
}

/**
 * Turns the dialog's option into the columns to store, resolving its destination: a URL; a
 * scene (kept even when missing: marked broken, never refused); or a placeholder, which joins an existing scene when
 * its label names one and is otherwise saved as pending-{slug}.
 */
async function resolveOption(
  db: Db,
  input: OptionInputParsed,
): Promise<{ columns: OptionColumns; connectedTo: OptionSaveResponse['connectedTo'] }> {
  let next: string | null = null;
  let url: string | null = null;
  let connectedTo: OptionSaveResponse['connectedTo'] = null;
  if (input.destinationType === 'url') {
    url = input.nextUrl;
  } else if (input.isPlaceholder || isPendingLink(input.nextSceneId)) {
    const match = await matchPlaceholder(db, input.nextSceneId);
    next = match.scene?.id ?? match.pendingId;
    connectedTo = match.scene;
  } else {
    // A link to a scene that does not exist (deleted, mistyped, or not written yet) never blocks a
    // save: it is kept, and the editor and the story map mark it broken.
    next = input.nextSceneId;
  }
  const required: Record<string, number> = {};
  for (const key of STAT_KEYS) {
    const v = input.requiredStats?.[key];
    if (v !== undefined && v !== null) required[key] = toNumber(v);
  }
  const items = toItemList(input.requiredItems ?? []);
  return {
    columns: {
      text: input.text,
      why: input.why === '' ? null : input.why,
      next_scenario_id: next,
      next_url: url,
      stats_changes: toStatChanges(input.statChanges),
      required_stats: Object.keys(required).length > 0 ? required : null,
      required_items: items.length > 0 ? items : null,
    },
    connectedTo,
  };
}

/** A scene's options for the editor, with the titles of the scenes they lead to. */
export async function listAdminOptions(db: Db, sceneId: string): Promise<AdminOption[]> {
  const rows = await optionRows(db, sceneId);
  const titles = await sceneTitles(
    db,
    rows.flatMap((r) => (r.next_scenario_id ? [r.next_scenario_id] : [])),
  );
  return rows.map((r) => toAdminOption(r, titles));
}

async function loadOption(db: Db, sceneId: string, optionId: string): Promise<AdminOption> {
  const row = await optionRow(db, sceneId, optionId);
  if (!row) throw new HttpError(404, OPTION_MESSAGES.notFound);
  const titles = await sceneTitles(db, row.next_scenario_id ? [row.next_scenario_id] : []);
  return toAdminOption(row, titles);
}

/** Adds options to a scene (inside the caller's transaction); returns their ids. */
export async function addOptions(
  db: Db,
  sceneId: string,
  inputs: OptionInputParsed[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const input of inputs) {
    const { columns } = await resolveOption(db, input);
    const id = randomUUID();
    await insertOption(db, sceneId, id, columns);
    ids.push(id);
  }
  return ids;
}

/** Adds one option to an existing scene ('Option Added'). */
export async function addOption(
  db: Db,
  sceneId: string,
  input: OptionInputParsed,
  author: Author | null,
): Promise<OptionSaveResponse> {
  return writeTracked(db, sceneChange(sceneId, author), 'save', async (trx) => {
    if (!(await sceneExists(trx, sceneId))) throw new HttpError(404, 'Scene Not Found');
    const { columns, connectedTo } = await resolveOption(trx, input);
    const id = randomUUID();
    await insertOption(trx, sceneId, id, columns);
    await touchScene(trx, sceneId);
    return { option: await loadOption(trx, sceneId, id), connectedTo };
  });
}

/** Refuses with 404 when the scene has no such option (`found`: what the write returned). */
function optionFound(found: unknown): void {
  if (!found) throw new HttpError(404, OPTION_MESSAGES.notFound);
}

/** Rewrites one option ('Option Updated'). */
export async function editOption(
  db: Db,
  sceneId: string,
  optionId: string,
  input: OptionInputParsed,
  author: Author | null,
): Promise<OptionSaveResponse> {
  return writeTracked(db, sceneChange(sceneId, author), 'save', async (trx) => {
    const { columns, connectedTo } = await resolveOption(trx, input);
    optionFound(await updateOption(trx, sceneId, optionId, columns));
    await touchScene(trx, sceneId);
    return { option: await loadOption(trx, sceneId, optionId), connectedTo };
  });
}

/** Deletes one option ('Option Deleted'); 404 when the scene has no such option. */
export async function removeOption(
  db: Db,
  sceneId: string,
  optionId: string,
  author: Author | null,
): Promise<void> {
  await writeTracked(db, sceneChange(sceneId, author), 'save', async (trx) => {
    optionFound(await deleteOption(trx, sceneId, optionId));
    await touchScene(trx, sceneId);
  });
}

/**
 * Makes a scene's options exactly `inputs`, in that order (inside the caller's transaction): a
 * listed id rewrites that option, an option without one (or with an id the scene no longer has)
 * is added, the scene's other options are deleted. A bad destination is refused naming the
 * option's place in the list.
 */
export async function syncOptions(
  db: Db,
  sceneId: string,
  inputs: SceneOptionInputParsed[],
): Promise<void> {
  const existing = new Set((await optionRows(db, sceneId)).map((r) => r.id));
  const kept = new Set<string>();
  for (const [i, input] of inputs.entries()) {
    let columns: OptionColumns;
    try {
      ({ columns } = await resolveOption(db, input));
    } catch (err) {
      if (err instanceof HttpError) {
        throw new HttpError(err.statusCode, `Option ${i + 1}: ${err.message}`);
      }
      throw err;
    }
    if (input.id && existing.has(input.id) && !kept.has(input.id)) {
      await updateOption(db, sceneId, input.id, columns);
      kept.add(input.id);
      await setOptionPosition(db, input.id, i);
    } else {
      const id = randomUUID();
      await insertOption(db, sceneId, id, columns);
      kept.add(id);
      await setOptionPosition(db, id, i);
    }
  }
  for (const id of existing) if (!kept.has(id)) await deleteOption(db, sceneId, id);
}
