import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { nextAddress, signIn, signUp } from '../../test/server/sessions.ts';
import { testConfig } from '../../test/server/test-app.ts';
import { buildApp } from '../app.ts';

describe('auth logging', () => {
  it('logs sign-ins, failed sign-ins and refused admin requests without passwords or secrets', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const db = await testEngines[0]!.open();
    const config = testConfig();
    const app = await buildApp({
      config,
      database: db,
      logger: { level: 'info', stream },
      loadContent: false,
      webRoot: '/nonexistent',
    });
    const s = await signUp(app, { email: 'logged@example.com', password: 'hunter22secret' });
    await signIn(app, s.email, 'wrong-guess-77');
    await signIn(app, s.email, 'hunter22secret');
    await app.inject({ method: 'GET', url: '/api/admin/scenes', remoteAddress: nextAddress() });
    await app.inject({ method: 'GET', url: '/api/admin/scenes', headers: { cookie: s.cookie } });
    await app.close();
    await db.close();

    const log = lines.join('');
    expect(log).toContain('auth sign-up/email');
    expect(log).toContain('auth sign-in/email failed');
    expect(log).toMatch(/"msg":"auth sign-in\/email"/);
    expect(log).toContain('admin request refused: no session');
    expect(log).toContain('admin request refused');
    for (const secret of ['hunter22secret', 'wrong-guess-77', config.authSecret]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/better-auth\.session_token=/);
  });
});
