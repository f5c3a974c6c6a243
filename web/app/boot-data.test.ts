import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { playKeys, SESSION_READY_KEY } from '../features/play/api/query-keys.ts';
import { SESSION_QUERY_KEY } from '../lib/session.ts';
import { readBootData, seedBootData } from './boot-data.ts';

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
    document.body.innerHTML = '';
  });

  it('seeds the session, session-ready, game and scene, and removes the element', () => {
    page(JSON.stringify({ session: { user }, game, scene }));
    const client = new QueryClient();
    seedBootData(client, readBootData());
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ user });
    expect(client.getQueryData(SESSION_READY_KEY)).toBe(true);
    expect(client.getQueryData(playKeys.game())).toEqual(game);
    expect(client.getQueryData(playKeys.scene('intro'))).toEqual(scene);
    expect(document.getElementById('boot-data')).toBeNull();
  });

  it('seeds only "nobody" for a visitor, so the guest sign-in starts at once', () => {
    page(JSON.stringify({ session: { user: null } }));
    const client = new QueryClient();
    seedBootData(client, readBootData());
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ user: null });
    expect(client.getQueryData(SESSION_READY_KEY)).toBeUndefined();
  });

  it('keeps the play data out during a play-test and ignores unreadable data', () => {
    page(JSON.stringify({ session: { user }, game, scene }));
    const client = new QueryClient();
    seedBootData(client, readBootData(), { playtest: true });
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ user });
    expect(client.getQueryData(playKeys.game())).toBeUndefined();
    expect(client.getQueryData(playKeys.scene('intro'))).toBeUndefined();

    page('{not json');
    const other = new QueryClient();
    seedBootData(other, readBootData());
    expect(other.getQueryData(SESSION_QUERY_KEY)).toBeUndefined();
    expect(other.getQueryData(playKeys.game())).toBeUndefined();
  });

  it('seeds public page data under the keys the screens read, without a session', () => {
    const about = { slug: 'about', title: 'About', content: { body: 'Hats.' }, updatedAt: null };
    const home = { slug: 'home', title: 'Home', content: { title: 'Hat Quest' }, updatedAt: null };
    const consultants = [{ id: 'c1', name: 'Ada' }];
    const news = { items: [{ id: 'n1', content: 'Hats up' }] };
    page(JSON.stringify({ pages: { about, home }, consultants: { consultants }, news }));
    const client = new QueryClient();
    seedBootData(client, readBootData());
    expect(client.getQueryData(['pages', 'about'])).toEqual(about);
    expect(client.getQueryData<{ title: string }>(['pages', 'home'])?.title).toBe('Hat Quest');
    expect(client.getQueryData(['consultants'])).toEqual(consultants);
    expect(client.getQueryData(playKeys.news())).toEqual(news);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toBeUndefined();
  });
});
