import { memo } from 'react';
import { Link, Outlet } from 'react-router';
import { House } from '../../components/icons.ts';
import { buttonVariants } from '../../components/ui/button.tsx';
import { AccountNav } from '../../features/auth/components/account-nav.tsx';
import { LiveNewsTicker } from '../../features/play/components/live-news-ticker.tsx';
import { PlaytestBar } from '../../features/play/components/playtest-bar.tsx';
import { HydrateLater } from '../../lib/hydrate-later.tsx';
import { AfterFirstPaint } from '../../lib/use-after-first-paint.ts';

const FOOTER_LINKS = [
  { to: '/page/about', label: 'About' },
  { to: '/page/how-to-play', label: 'How to Play' },
  { to: '/page/become-a-sponsor', label: 'Become a Sponsor' },
  { to: '/consultant-submission', label: 'Become a Consultant' },
  { to: '/teach', label: 'For teachers' },
];

/**
 * The game layout (product rules "Screens" 'Game layout'): news ticker on top, header, the screen, footer.
 * Wraps /game*, /auth, /take-a-break, /consultants, /consultant-submission, /page/*, /teach* and /join*.
 */
export function Component() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-1 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <LayoutBars />
      {/* Links and the account menu: hydrated in a task after the screen's (HydrateLater). */}
      <HydrateLater>
        <GameHeader />
      </HydrateLater>
      <main
        id="main"
        tabIndex={-1}
        className="outline-none mx-auto w-full max-w-7xl flex-1 px-3 py-3 sm:px-4 md:py-5"
      >
        <Outlet />
      </main>
      <AfterFirstPaint>
        <GameFooter />
      </AfterFirstPaint>
    </div>
  );
}

/*
 * The layout's parts around the screen are memoised: React Router renders the layout again at
 * every navigation (a decision's next scene), and they depend on nothing it passes, so only the
 * screen in <Outlet /> is rendered again. Their own data (the news, the session) still re-renders them.
 */
const LayoutBars = memo(function LayoutBars() {
  return (
    <>
      <PlaytestBar />
      {/* Its four copies of the news are much of the page's hydration: a task of its own. */}
      <HydrateLater>
        <LiveNewsTicker />
      </HydrateLater>
    </>
  );
});

const GameHeader = memo(function GameHeader() {
  return (
    <header className="border-b border-border">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2">
        <Link
          to="/"
          className="font-retro text-2xl leading-none text-glow hover:underline sm:text-3xl"
        >
          SEO Adventure
        </Link>
        <nav aria-label="Main" className="flex items-center gap-2">
          <Link to="/" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <House aria-hidden="true" />
            <span className="max-sm:sr-only">Home</span>
          </Link>
          <AccountNav />
        </nav>
      </div>
    </header>
  );
});

const GameFooter = memo(function GameFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-6 text-lg text-muted-foreground md:flex-row md:justify-between">
        {/* The year of the server's render and of the browser's may differ at New Year. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} SEO Adventure. All rights reserved.
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-1">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  className="underline-offset-4 hover:text-foreground hover:underline"
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
});
