import { Link } from 'react-router';
import { buttonVariants } from '../components/ui/button.tsx';
import { useHomeContent } from '../features/home/api/get-home-page.ts';
import { DigitalRainCanvas } from '../features/home/components/digital-rain-canvas.tsx';
import { cn } from '../lib/cn.ts';
import { useStartButton } from './start-button.ts';

/**
 * The start screen `/` (product rules "Screens"): digital rain, the title, the tagline, 'Start Adventure Now'
 * (one request to the first scene's options: start-button.ts; its link, /game, for a new tab)
 * and a link to How to Play. The texts come from the 'home' page, with defaults when it cannot
 * be read.
 */
export function Component() {
  const { content, isPending } = useHomeContent();
  const start = useStartButton();
  return (
    <div className="relative min-h-dvh overflow-hidden bg-background">
      <DigitalRainCanvas />
      <main
        aria-busy={isPending}
        className="relative z-10 flex min-h-dvh items-center justify-center p-4"
      >
        {/* Hidden until the stored texts arrive, so the defaults never flash before them. */}
        <div
          className={cn(
            'flex w-full max-w-2xl flex-col items-center gap-5 rounded-lg border border-border bg-black/85 px-6 py-10 text-center shadow-[0_0_40px_rgb(51_255_102/0.2)] transition-opacity duration-300 sm:px-10',
            isPending ? 'invisible opacity-0' : 'opacity-100',
          )}
        >
          <h1 className="break-words font-retro text-6xl leading-none text-glow sm:text-7xl md:text-8xl">
            {content.title}
          </h1>
          <p className="font-retro text-2xl text-accent-foreground sm:text-3xl">
            {content.subtitle}
          </p>
          {content.description && (
            <p className="max-w-lg text-xl text-muted-foreground">{content.description}</p>
          )}
          <Link
            to="/game"
            onClick={start.onClick}
            // Held by the page's loader when clicked before the app runs, then played again.
            data-early-click=""
            onPointerEnter={start.onPointerEnter}
            onFocus={start.onFocus}
            aria-disabled={start.busy || undefined}
            aria-describedby={start.error ? 'start-error' : undefined}
            className={cn(
              buttonVariants({ size: 'lg' }),
              'mt-2 h-14 px-8 text-2xl sm:text-3xl',
              start.busy && 'pointer-events-none opacity-70',
            )}
          >
            {content.buttonText}
          </Link>
          {start.error && (
            <p id="start-error" role="alert" className="text-xl text-destructive">
              {start.error}
            </p>
          )}
          <Link
            to="/page/how-to-play"
            className="text-xl text-accent-foreground underline underline-offset-4 hover:text-foreground"
          >
            How to Play
          </Link>
          <Link
            to="/teach"
            className="text-xl text-accent-foreground underline underline-offset-4 hover:text-foreground"
          >
            For teachers: run a class
          </Link>
        </div>
      </main>
    </div>
  );
}
