import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { advertisementScreen, randomEventScreen } from '../routes/game/interruption-screens.ts';
import { NotFoundPage, UnknownRoutePage } from '../routes/not-found.tsx';
import { RouteErrorPage } from '../routes/route-error.tsx';
import type { AdminScreen } from './admin-routes.ts';
import { RootLayout } from './root-layout.tsx';
import type { TeachScreen } from './teach-routes.ts';

/**
 * An admin screen, loaded through the admin area's own table (web/app/admin-routes.ts): the
 * list of files each admin screen preloads stays out of the player's first download.
 */
function admin(screen: AdminScreen) {
  return () => import('./admin-routes.ts').then((m) => m.ADMIN_SCREENS[screen]());
}

/**
 * A teacher's screen (class mode), loaded through its own table (web/app/teach-routes.ts), so
 * the class page and its charts stay out of the player's download.
 */
function teach(screen: TeachScreen) {
  return () => import('./teach-routes.ts').then((m) => m.TEACH_SCREENS[screen]());
}

/** /game/{sceneId} is another name for /game/scene/{sceneId} (product rules "Screens"). */
function redirectToScene({ params }: LoaderFunctionArgs): Response {
  return redirect(`/game/scene/${encodeURIComponent(params.sceneId ?? '')}`);
}

/** Never shown: the loader above always redirects. Declared so the route is a real leaf. */
function RedirectingToScene() {
  return null;
}

/**
 * Every route of product rules "Screens". Screens are lazy route modules (each exports `Component`), so a
 * player downloads only what the current screen needs, and nothing under /admin ever loads
 * for a player: the admin layout and pages are imported only by the /admin branch below.
 * The not-found page is the one screen in the main bundle, because it is also the error
 * element of the start screen and must render even when a lazy chunk fails to load.
 * The same table renders pages on the server (web/entry-server.tsx, React Router's static
 * handler) and in the browser (web/main.tsx, which hydrates them).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        index: true,
        lazy: () => import('../routes/start.tsx'),
        // product rules "Screens": errors on the start screen show the not-found page.
        errorElement: <NotFoundPage />,
      },
      { path: 'landing', lazy: () => import('../routes/landing.tsx') },
      // The projector's view of a class: the whole screen, no ticker or header moving around it.
      { path: 'teach/:classId/present', lazy: teach('present') },
      {
        // The game layout: ticker, header, footer. Any /admin path bypasses it.
        lazy: () => import('../routes/game/game-layout.tsx'),
        children: [
          { path: 'auth', lazy: () => import('../routes/auth.tsx') },
          {
            path: 'game',
            children: [
              { index: true, lazy: () => import('../routes/game/game-home.tsx') },
              { path: 'scene/:sceneId', lazy: () => import('../routes/game/scene.tsx') },
              {
                path: 'advertisement/:adId',
                lazy: advertisementScreen,
              },
              { path: 'random-event', lazy: randomEventScreen },
              { path: ':sceneId', loader: redirectToScene, Component: RedirectingToScene },
            ],
          },
          { path: 'take-a-break', lazy: () => import('../routes/take-a-break.tsx') },
          { path: 'consultants', lazy: () => import('../routes/consultants.tsx') },
          {
            path: 'consultant-submission',
            lazy: () => import('../routes/consultant-submission.tsx'),
          },
          { path: 'page/:slug', lazy: () => import('../routes/static-page.tsx') },
          { path: 'teach', lazy: teach('classes') },
          { path: 'teach/:classId', lazy: teach('class') },
          { path: 'join', lazy: () => import('../routes/join.tsx') },
          { path: 'join/:code', lazy: () => import('../routes/join.tsx') },
        ],
      },
      {
        path: 'admin',
        lazy: () => import('../routes/admin/admin-layout.tsx'),
        children: [
          { index: true, lazy: admin('dashboard') },
          { path: 'scenes', lazy: admin('scenes') },
          { path: 'scenes/new', lazy: admin('scene-new') },
          { path: 'scenes/:sceneId', lazy: admin('scene-edit') },
          { path: 'random-events', lazy: admin('random-events') },
          { path: 'font-settings', lazy: admin('font-settings') },
          { path: 'sponsors', lazy: admin('sponsors') },
          { path: 'consultants', lazy: admin('consultants') },
          { path: 'news', lazy: admin('news') },
          { path: 'homepage-editor', lazy: admin('homepage-editor') },
          { path: 'seo-settings', lazy: admin('seo-settings') },
          { path: 'advertisements', lazy: admin('advertisements') },
          { path: 'pages', lazy: admin('pages') },
          { path: 'story-map', lazy: admin('story-map') },
          { path: 'analytics', lazy: admin('analytics') },
          { path: 'import-export', lazy: admin('import-export') },
          { path: 'history', lazy: admin('history') },
        ],
      },
      { path: '*', Component: UnknownRoutePage },
    ],
  },
];
