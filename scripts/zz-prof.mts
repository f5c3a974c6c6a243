import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { cpuTimeOf, ok, signInGuests, spawnServer } from '../test/http-kit.ts';
import { LOOP_A, LOOP_SELF } from '../test/play-loop.ts';
import { ADMIN, adminOf, createLoopScenesOnce, freshDataDir, UNLIMITED } from './bench/context.ts';

const s = await spawnServer({
  port: 3701,
  dataDir: await freshDataDir(),
  env: { ADMIN_EMAILS: ADMIN, ...UNLIMITED },
  compiled: true,
  nodeFlags: (process.env.FLAGS ?? '').split(' ').filter(Boolean),
});
const loop = await createLoopScenesOnce(s);
const admin = await adminOf(s);
await ok(s.url, 'POST', `/api/admin/scenes/${LOOP_SELF}/initial`, admin);
const players = await signInGuests(s.url, 64);
for (const p of players) await ok(s.url, 'POST', '/api/play/game/start', p.cookie, {});
await ok(s.url, 'POST', `/api/admin/scenes/${LOOP_A}/initial`, admin);
let next = 0;
const opts = (kind: string, duration: number): autocannon.Options =>
  kind === 'health'
    ? { url: s.url, connections: 64, duration, requests: [{ method: 'GET', path: '/api/health' }] }
    : {
        url: s.url, connections: 64, duration,
        setupClient: (client) => {
          const player = players[next++ % 64]!;
          (client as any).requestIterator.setRequests([{
            method: 'POST', path: '/api/play/choices',
            setupRequest: (req: any) => ({ ...req,
              headers: { cookie: player.cookie, origin: s.url, 'content-type': 'application/json' },
              body: JSON.stringify({ optionId: loop[LOOP_SELF], idempotencyKey: randomUUID() }) }),
          }]);
        },
      };
const run = (o: autocannon.Options) => new Promise<autocannon.Result>((res, rej) => autocannon(o, (e, r) => (e ? rej(e) : res(r))));
await run(opts('health', 2));
await run(opts('choices', 2));
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  for (const kind of ['health', 'choices']) {
    const c0 = cpuTimeOf(s.child.pid);
    const r = await run(opts(kind, 4));
    const c1 = cpuTimeOf(s.child.pid);
    console.log(kind, 'rps', r.requests.average.toFixed(0), 'cpu us/req', (((c1 - c0) * 1000) / r.requests.total).toFixed(0));
  }
}
console.log('mark', Date.now());
await s.stop();
