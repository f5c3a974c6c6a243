import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { PlayOption, PlayScene } from '../../../../core/api/play.ts';
import { PLAY_PATHS } from '../../../../core/api/play-constants.ts';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { EndingRecap } from './ending-recap.tsx';
import { type ChoiceOutcome, OptionsPanel } from './options-panel.tsx';
import { SceneDescription } from './scene-description.tsx';
import { SceneHtmlFrame } from './scene-html-frame.tsx';

export interface SceneViewProps {
  scene: PlayScene;
  onChoose: (option: PlayOption) => Promise<ChoiceOutcome> | ChoiceOutcome;
  /** Move focus to the heading when shown (after a navigation, not on the first page load). */
  focusHeading: boolean;
  /** Painted ahead of its choice's answer: the options' locks are not confirmed yet. */
  pending?: boolean;
}

/**
 * The right-hand area of the scene screen (product rules "Screens"): title, subtitle, image and description,
 * then the options right under them. It reads like a page: nothing in it scrolls on its own,
 * the page's scroll reaches everything at any width. An ending shows no options but a way back
 * to the game home.
 */
export function SceneView({ scene, onChoose, focusHeading, pending = false }: SceneViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);

  const hasOptions = scene.takesChoices && scene.options.length > 0;
  return (
    <div className="flex flex-col gap-4">
      <article className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5">
        <div className="flex flex-col gap-1">
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-scene-title leading-tight text-glow outline-none"
          >
            {scene.title}
          </h1>
          {scene.subtitle && (
            <p className="text-scene-subtitle text-muted-foreground">{scene.subtitle}</p>
          )}
        </div>
        {scene.imageUrl && (
          <img
            src={scene.imageUrl}
            alt=""
            className="max-h-80 w-full rounded-md border border-border object-cover"
          />
        )}
        <SceneDescription text={scene.description} />
        {scene.hasHtml && (
          <SceneHtmlFrame
            src={PLAY_PATHS.sceneHtml(scene.id)}
            title={`${scene.title}: extra content`}
          />
        )}
      </article>
      <div className="rounded-lg border border-border bg-card p-5">
        {hasOptions ? (
          <OptionsPanel
            key={scene.id}
            options={scene.options}
            onChoose={onChoose}
            pending={pending}
          />
        ) : (
          <section aria-labelledby="options-heading" className="flex flex-col items-start gap-3">
            <h2 id="options-heading" className="font-retro text-3xl text-glow">
              {scene.isEnding ? 'The End' : 'What will you do?'}
            </h2>
            <p className="text-xl text-muted-foreground">
              {scene.isEnding
                ? 'Your adventure ends here. Start a new game from the game home to try another path.'
                : 'There are no options here yet.'}
            </p>
            {scene.isEnding && <EndingRecap />}
            <Link to="/game" className={buttonVariants()}>
              Return to Game Home
            </Link>
          </section>
        )}
      </div>
    </div>
  );
}
