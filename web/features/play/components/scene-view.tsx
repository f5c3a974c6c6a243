import { useEffect, useRef } from 'react';
import type { PlayOption, PlayScene } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { ArrowDown } from '../../../components/icons.ts';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { type ChoiceOutcome, OptionsPanel } from './options-panel.tsx';
import { SceneDescription } from './scene-description.tsx';
import { SceneEnd } from './scene-end.tsx';
import { SceneHtmlFrame } from './scene-html-frame.tsx';

export interface SceneViewProps {
  scene: PlayScene;
  onChoose: (option: PlayOption) => Promise<ChoiceOutcome> | ChoiceOutcome;
  /** Move focus to the heading when shown (after a navigation, not on the first page load). */
  focusHeading: boolean;
  /** Painted ahead of its choice's answer: the options' locks are not confirmed yet. */
  pending?: boolean;
}

/** Scrolls the options into view and puts the keyboard on the first one a player can take. */
function jumpToOptions(): void {
  const panel = document.getElementById('scene-options');
  if (!panel) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  panel.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  panel.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus({ preventScroll: true });
}

/**
 * The right-hand area of the scene screen (product rules "Screens"; layout in docs/scene-layout.md):
 * title, subtitle, description and image, with the options beside them from lg up (they stay in
 * view while a long text scrolls) and under them below lg, where a '3 choices' button under the
 * title jumps to them (on an ending, to its recap and 'Play again'). It reads like a page: nothing in it scrolls on its own. An ending shows no
 * options but its recap, 'Play again' and a way back to the game home.
 */
export function SceneView({ scene, onChoose, focusHeading, pending = false }: SceneViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each next scene takes the focus (it renders into the same elements)
  useEffect(() => {
    // preventScroll: the screen opens at its top (the scroll restoration put it there).
    if (focusHeading) heading.current?.focus({ preventScroll: true });
  }, [focusHeading, scene.id]);

  const hasOptions = scene.takesChoices && scene.options.length > 0;
  const count = hasOptions ? scene.options.length : 0;
  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:items-start">
      <article className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:p-5">
        <div className="flex flex-col gap-1">
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-scene-title leading-tight text-glow outline-none"
          >
            {scene.title}
          </h1>
          {scene.subtitle && (
            <p className="text-scene-subtitle leading-snug text-muted-foreground">
              {scene.subtitle}
            </p>
          )}
        </div>
        {(count > 0 || scene.isEnding) && (
          <button
            type="button"
            onClick={jumpToOptions}
            className={cn(
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'self-start lg:hidden',
            )}
          >
            <ArrowDown aria-hidden="true" />
            {count === 0 ? 'Your recap' : count === 1 ? '1 choice' : `${count} choices`}
          </button>
        )}
        <SceneDescription text={scene.description} />
        {scene.imageUrl && (
          <img
            src={scene.imageUrl}
            alt=""
            loading="lazy"
            className="max-h-56 w-full rounded-md border border-border object-cover"
          />
        )}
        {scene.hasHtml && (
          <SceneHtmlFrame
            src={PLAY_PATHS.sceneHtml(scene.id)}
            title={`${scene.title}: extra content`}
          />
        )}
      </article>
      <div
        id="scene-options"
        className="scroll-mt-2 rounded-lg border border-border bg-card p-4 sm:p-5 lg:sticky lg:top-2"
      >
        {hasOptions ? (
          <OptionsPanel
            key={scene.id}
            options={scene.options}
            onChoose={onChoose}
            pending={pending}
          />
        ) : (
          <SceneEnd isEnding={scene.isEnding} />
        )}
      </div>
    </div>
  );
}
