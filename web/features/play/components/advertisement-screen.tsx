import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DEFAULT_AD_CTA } from '../../../../core/game/cadence.ts';
import { adScreenName, SCREEN_NAMES } from '../../../../core/page-title.ts';
import { ArrowRight, ExternalLink } from '../../../components/icons.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { useGamePageTitle } from '../../../lib/page-title.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useAds } from '../api/get-ads.ts';
import { useGame } from '../api/get-game.ts';
import { useEnsureSession } from '../api/use-ensure-session.ts';
import { useBackTrap } from '../hooks/use-back-trap.ts';
import { type AdvertisementState, scenePath } from '../hooks/use-choice-flow.ts';
import { isAdvertisement } from '../lib/guards.ts';
import { AdvertisementCard } from './advertisement-card.tsx';
import { GameContextErrorState, PlayLoading } from './play-states.tsx';

/**
 * /game/advertisement/{adId} (product rules "Screens", "Play" rules): the advertisement shown before every 5th scene, then
 * 'Continue' (focused) to the scene held in the navigation state. After a reload that state is gone, so
 * the advertisement comes from GET /api/play/ads and the held scene is the player's saved one
 * (the server moved the player there when the choice was made).
 */
export function AdvertisementScreen() {
  const { adId = '' } = useParams();
  const navigate = useNavigate();
  // The navigation state only after hydration: the server never has it (no React #418).
  const hydrated = useHydrated();
  const location = useLocation();
  const state = (hydrated ? location.state : null) as Partial<AdvertisementState> | null;
  useBackTrap();
  const session = useEnsureSession();
  const game = useGame(session.ready);
  const fromState = isAdvertisement(state?.advertisement) ? state.advertisement : null;
  const held = fromState?.id === adId ? fromState : null;
  const ads = useAds(session.ready && held === null);
  const ad = held ?? ads.data?.advertisements.find((a) => a.id === adId) ?? null;
  useGamePageTitle(ad ? adScreenName(ad.title) : SCREEN_NAMES.advertisement);
  const nextSceneId = state?.nextSceneId ?? game.data?.player.currentSceneId ?? null;
  const continueButton = useRef<HTMLButtonElement>(null);
  const ready = Boolean(ad) || !(ads.isPending || !session.ready) || held !== null;
  // The one thing to do here is go on: keyboard and screen-reader users start on Continue.
  useEffect(() => {
    if (ready) continueButton.current?.focus({ preventScroll: true });
  }, [ready]);

  if (session.error || game.error) return <GameContextErrorState />;
  if (!ad && (ads.isPending || !session.ready) && held === null) {
    return <PlayLoading text="Loading advertisement..." />;
  }
  const goOn = () => {
    void navigate(nextSceneId ? scenePath(nextSceneId) : '/game', { replace: true });
  };
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6" data-screen="advertisement">
      {ad ? (
        <AdvertisementCard ad={ad} />
      ) : (
        <div className="rounded-lg border border-border bg-card p-8 text-center">
          <h1 className="font-retro text-4xl text-glow">Advertisement</h1>
          <p className="text-xl text-muted-foreground">This advertisement is no longer running.</p>
        </div>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        {ad?.ctaLink && (
          <a
            href={ad.ctaLink}
            target="_blank"
            rel="noopener noreferrer sponsored"
            className={buttonVariants({ size: 'lg', variant: 'outline' })}
          >
            {ad.ctaText || DEFAULT_AD_CTA}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        <Button ref={continueButton} size="lg" onClick={goOn}>
          Continue
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
