import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { playKeys, SESSION_READY_KEY } from '../features/play/api/query-keys.ts';
import { SESSION_QUERY_KEY } from '../lib/session.ts';
import { seedBootData } from './boot-data.ts';

const user = {
  id: 'u1',
  email: null,
  name: 'Guest',
  username: null,
  role: 'player' as const,
  isAnonymous: true,
};
const game = { player: { currentSceneId: 'intro' }, recovery: null };
const scene = { scene: { id: 'intro', title: 'The Shop Opens' } };

function page(json: string): void {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="boot-data">${json}</script>`;
}

describe('boot data from the server', () => {
  afterEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  it('seeds the session, session-ready, game and scene, and removes the element', () => {
    page(JSON.stringify({ session: { user }, game, scene }));
    const client = new QueryClient();
    seedBootData(client);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ user });
    expect(client.getQueryData(SESSION_READY_KEY)).toBe(true);
    expect(client.getQueryData(playKeys.game())).toEqual(game);
    expect(client.getQueryData(playKeys.scene('intro'))).toEqual(scene);
    expect(document.getElementById('boot-data')).toBeNull();
  });

  it('seeds only "nobody" for a visitor, so the guest sign-in starts at once', () => {
    page(JSON.stringify({ session: { user: null } }));
    const client = new QueryClient();
    seedBootData(client);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ user: null });
    expect(client.getQueryData(SESSION_READY_KEY)).toBeUndefined();
  });

  it('keeps the play data out during a play-test and ignores unreadable data', () => {
    sessionStorage.setItem(
      'seo-adventure:playtest',
      JSON.stringify({ playtestId: 'p1', sceneId: 'intro', sceneTitle: 'x', returnTo: '/admin' }),
    );
    page(JSON.stringify({ session: { user }, game, scene }));
    const client = new QueryClient();
    seedBootData(client);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ user });
    expect(client.getQueryData(playKeys.game())).toBeUndefined();
    expect(client.getQueryData(playKeys.scene('intro'))).toBeUndefined();

    page('{not json');
    const other = new QueryClient();
    seedBootData(other);
    expect(other.getQueryCache().getAll()).toHaveLength(0);
  });
});
