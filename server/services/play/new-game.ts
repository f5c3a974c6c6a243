import type { Kysely } from 'kysely';
import type { NewGameAhead } from '../../../core/api/play-start.ts';
import { pickStartScene } from '../../../core/game/start-scene.ts';
import { initialStats } from '../../../core/game/stats-config.ts';
import { getPlayScene, listStartCandidates } from '../../db/repositories/play-content-cache.ts';
import type { Database } from '../../db/schema/database.ts';
import { presentGame } from './present.ts';
import { fontSettings, listNews, listSponsors } from './public-content.ts';
import { presentScene } from './scene-view.ts';

/**
 * The new game a visitor without a session gets from Start (core/api/play-start.ts
 * NewGameAhead), read from the content cache the play routes use, so an admin's change of the
 * start scene shows on the next page: a guest on the start scene with its stats_config's stats
 * (startGame, game.ts), and the scene with its options locked against them (readScene). The
 * forecast of the first decision is the guest's own draw: 'maybe' here. Null when the start
 * would be different from what can be said ahead: no scenes, a start scene the start must first
 * repair (given the default option), or one with an HTML section (its frame needs the session).
 */
export async function newGameAhead(db: Kysely<Database>): Promise<NewGameAhead | null> {
  const pick = pickStartScene(await listStartCandidates(db));
  if (!pick || pick.defaultOption) return null;
  const row = await getPlayScene(db, pick.scene.id);
  if (!row || row.has_html) return null;
  const stats = initialStats(row.stats_config);
  const [scene, sponsors, fonts, items] = await Promise.all([
    presentScene(db, row, stats, true, { kind: 'maybe' }),
    listSponsors(db),
    fontSettings(db),
    listNews(db),
  ]);
  const player = presentGame({
    currentSceneId: row.id,
    currentSceneTitle: row.title,
    stats,
    isGuest: true,
    sceneCount: 1,
    choiceCount: 0,
    isEnding: row.is_ending === true,
  });
  return {
    game: { player },
    scene: { scene },
    sponsors: { sponsors },
    fonts: { fonts },
    news: { items },
  };
}
