import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminCookie,
  closeAgents,
  request,
  type ServerProcess,
  signInGuests,
  spawnServer,
} from '../test/http-kit.ts';
import { type Ack, createLoopScenes, LOOP_A, LOOP_B, playLoop } from '../test/play-loop.ts';

const ADMIN = 'crash-admin@example.com';
const PORT = 3510;
const dataDir = mkdtempSync(path.join(tmpdir(), 'seo-adv-crash-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  closeAgents();
  rmSync(dataDir, { recursive: true, force: true });
});

interface LogRow {
  player_id: string;
  idempotency_key: string;
  option_id: string;
  next_scene_id: string | null;
  stats_after: string;
  created_at: string;
}
interface PlayerRow {
  user_id: string;
  current_scene_id: string | null;
  stats: string;
  choice_count: number;
}

describe('crash: SIGKILL while choices are applied at full speed', () => {
  it('keeps every acknowledged choice, player states match the log, the database is intact', async () => {
    const env = { ADMIN_EMAILS: ADMIN };
    server = await spawnServer({ port: PORT, dataDir, env });
    const admin = await adminCookie(server.url, ADMIN);
    const loop = await createLoopScenes(server.url, admin);
    const players = await signInGuests(server.url, 24);

    // Every player plays A → B → A ... with no pause; kill the server in the middle of it.
    const acks: Ack[] = [];
    const errors: string[] = [];
    const runs = players.map((p) => playLoop(server!.url, p, loop, () => false, acks, errors));
    while (acks.length < 400) await new Promise((r) => setTimeout(r, 5));
    const killed = await server.stop('SIGKILL');
    expect(killed).toBe('SIGKILL');
    await Promise.all(runs);
    closeAgents();
    // Every player's run ended with the connection lost (none was refused by the server).
    expect(errors).toHaveLength(players.length);
    for (const e of errors) expect(e).not.toMatch(/: [45]\d\d /);
    const ackedAtKill = acks.length;

    // Restart on the same data.
    server = await spawnServer({ port: PORT, dataDir, env });

    // The game goes on: each player continues from where the log says it is; a replayed key
    // (the last acknowledged one) is answered without being applied again.
    const replayed = players[0]!;
    const lastAck = acks.filter((a) => a.playerId === replayed.userId).at(-1)!;
    const replay = await request(server.url, 'POST', '/api/play/choices', {
      cookie: replayed.cookie,
      localAddress: replayed.localAddress,
      body: { optionId: lastAck.optionId, idempotencyKey: lastAck.idempotencyKey },
    });
    expect(replay.status).toBe(200);
    for (const p of players.slice(0, 5)) {
      const game = await request(server.url, 'GET', '/api/play/game', {
        cookie: p.cookie,
        localAddress: p.localAddress,
      });
      expect(game.status).toBe(200);
      const scene = (game.json() as { player: { currentSceneId: string } }).player.currentSceneId;
      const choice = await request(server.url, 'POST', '/api/play/choices', {
        cookie: p.cookie,
        localAddress: p.localAddress,
        body: { optionId: loop[scene], idempotencyKey: randomUUID() },
      });
      expect(choice.status, choice.text).toBe(200);
      acks.push({
        playerId: p.userId,
        idempotencyKey: 'after-restart',
        optionId: loop[scene]!,
        nextSceneId: scene === LOOP_A ? LOOP_B : LOOP_A,
      });
    }
    expect(await server.stop('SIGTERM')).toBe(0);
    server = undefined;

    const db = new SQLite(path.join(dataDir, 'seo-adventure.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = players.map((p) => p.userId);
      const marks = ids.map(() => '?').join(',');
      const log = db
        .prepare(
          `select player_id, idempotency_key, option_id, next_scene_id, stats_after, created_at
           from choice_log where player_id in (${marks})`,
        )
        .all(...ids) as LogRow[];
      const rows = db
        .prepare(
          `select user_id, current_scene_id, stats, choice_count from players where user_id in (${marks})`,
        )
        .all(...ids) as PlayerRow[];

      // Every acknowledged choice (before the kill) is in the log, as acknowledged.
      const byKey = new Map(log.map((r) => [r.idempotency_key, r]));
      for (const a of acks.slice(0, ackedAtKill)) {
        const row = byKey.get(a.idempotencyKey);
        expect(row, `acknowledged choice ${a.idempotencyKey} lost`).toBeDefined();
        expect(row!.player_id).toBe(a.playerId);
        expect(row!.option_id).toBe(a.optionId);
        expect(row!.next_scene_id).toBe(a.nextSceneId);
      }
      // At most one unacknowledged choice per player (in flight at the kill) is in the log.
      const ackedPerPlayer = new Map<string, number>();
      for (const a of acks)
        ackedPerPlayer.set(a.playerId, (ackedPerPlayer.get(a.playerId) ?? 0) + 1);

      // Each player's state is what its log says: A → B → A, so the number of applied choices
      // decides the scene; the stats are those after the newest logged choice.
      expect(rows).toHaveLength(players.length);
      for (const row of rows) {
        const own = log
          .filter((r) => r.player_id === row.user_id)
          .sort((x, y) => x.created_at.localeCompare(y.created_at));
        const acked = ackedPerPlayer.get(row.user_id) ?? 0;
        expect(own.length).toBeGreaterThanOrEqual(acked);
        expect(own.length).toBeLessThanOrEqual(acked + 1);
        expect(row.choice_count).toBe(own.length);
        expect(row.current_scene_id).toBe(own.length % 2 === 1 ? LOOP_B : LOOP_A);
        const newest = own.filter((r) => r.created_at === own.at(-1)!.created_at);
        expect(newest.map((r) => JSON.parse(r.stats_after))).toContainEqual(JSON.parse(row.stats));
        expect(newest.map((r) => r.next_scene_id)).toContain(row.current_scene_id);
      }
    } finally {
      db.close();
    }
  }, 240_000);
});
