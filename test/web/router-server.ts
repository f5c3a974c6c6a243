import { DEFAULT_FONT_SETTINGS, type GameRecovery } from '../../core/api/play.ts';
import { TEST_STATS, testOption } from './play-fixtures.ts';

/** The server the router tests (web/app/router.test.tsx) stub fetch with: the session, a guest sign-in and the play API with realistic bodies. */

export const ADMIN_USER = {
  id: 'u1',
  email: 'admin@example.com',
  name: 'Admin',
  username: 'admin',
  role: 'admin',
  isAnonymous: false,
};
const GUEST_USER = {
  id: 'g1',
  email: 'guest-g1@guest.local',
  name: 'Guest',
  username: null,
  role: 'user',
  isAnonymous: true,
};

const STATS = { ...TEST_STATS, inventory: ['Clean Record'] };
/** A guest on the intro scene, as GET /api/play/game returns it (core/api/play.ts). */
export const PLAYER_ON_INTRO = {
  currentSceneId: 'intro',
  currentSceneTitle: 'Brim & Proper: Boot Sequence',
  stats: STATS,
  hasProgress: true,
  isGuest: true,
  sceneCount: 1,
  choiceCount: 0,
};
type Player = Omit<typeof PLAYER_ON_INTRO, 'currentSceneTitle'> & {
  currentSceneTitle: string | null;
};

/**
 * What the stubbed server answers with, reset before each test: who GET /api/session says is
 * signed in (nobody for player pages, so the game screens sign in as a guest; an admin for admin
 * pages), the player GET /api/play/game answers with and its recovery note.
 */
export const stub: {
  user: typeof ADMIN_USER | typeof GUEST_USER | null;
  player: Player;
  recovery: GameRecovery | null;
} = { user: null, player: { ...PLAYER_ON_INTRO }, recovery: null };

/** Puts the stubbed server back: nobody signed in, a guest on the intro scene. */
export function resetStub(): void {
  stub.user = null;
  stub.player = { ...PLAYER_ON_INTRO };
  stub.recovery = null;
}
const SCENE_TITLES: Record<string, string> = {
  intro: 'Brim & Proper: Boot Sequence',
  'shop-front': 'The Shop Front',
};
function scene(id: string) {
  return {
    id,
    title: SCENE_TITLES[id] ?? id,
    subtitle: 'Day 1 · 08:00',
    description: 'You opened a hat shop. Nobody knows yet.',
    imageUrl: null,
    hasHtml: false,
    day: 1,
    isEnding: false,
    isEndOfDay: false,
    hasStatsConfig: true,
    takesChoices: true,
    options: [
      testOption({
        id: `${id}-o1`,
        text: 'Check whether search engines can see the shop',
        nextSceneId: 'shop-front',
      }),
      testOption({
        id: `${id}-o2`,
        text: 'Hire a consultant',
        nextSceneId: 'consultant',
        locked: true,
        lockedReason: 'Requires Budget 500',
      }),
    ],
    isCurrent: id === stub.player.currentSceneId,
    choiceMayInterrupt: false,
    nextInterruption: null,
  };
}
const AD = {
  id: 'ad-1',
  title: 'Millinery Masterclass',
  description: 'Learn to block felt like a pro.',
  imageUrl: null,
  ctaText: 'Learn More',
  ctaLink: 'https://example.com/masterclass',
  priority: 10,
};

/** The stubbed server: the session, a guest sign-in and the play API with realistic bodies. */
export function answer(url: string): unknown {
  if (url === '/api/session') return { user: stub.user };
  if (url === '/api/auth/sign-in/anonymous') {
    stub.user = GUEST_USER;
    return { token: 't', user: GUEST_USER };
  }
  if (url === '/api/play/game') return { player: stub.player, recovery: stub.recovery };
  const sceneId = /^\/api\/play\/scenes\/([^/]+)$/.exec(url)?.[1];
  if (sceneId) return { scene: scene(decodeURIComponent(sceneId)) };
  if (url === '/api/play/ads') return { advertisements: [AD] };
  if (url === '/api/play/news') {
    return {
      items: [
        { id: 'n1', content: 'Hats are up 3%', link: null, createdAt: '2026-11-22T10:00:00Z' },
      ],
    };
  }
  if (url === '/api/play/sponsors') {
    return { sponsors: [{ id: 's1', name: 'Hatbox Logistics', url: null, imageUrl: null }] };
  }
  if (url === '/api/play/settings/fonts') return { fonts: DEFAULT_FONT_SETTINGS };
  return {};
}

export function json(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}
