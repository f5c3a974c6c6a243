import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoaderCircle } from '../../../components/icons.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';

/** A centred spinner with its text, announced politely (product rules "Screens" loading texts). */
export function PlayLoading({ text }: { text: string }) {
  return (
    <div role="status" className="flex min-h-64 flex-col items-center justify-center gap-4">
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-primary" />
      <p className="text-2xl">{text}</p>
    </div>
  );
}

function StateCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-lg border border-border bg-card p-8 text-center">
      <h1 className="font-retro text-4xl text-glow">{title}</h1>
      {children}
    </div>
  );
}

function reload(): void {
  window.location.reload();
}

/** product rules "Screens" 'Not found': the scene does not exist and there is nowhere to redirect. */
export function SceneNotFoundState() {
  return (
    <StateCard title="Scene Not Found">
      <p className="text-xl text-muted-foreground">
        The scene you're looking for doesn't exist in the database or could not be loaded.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants()}>
          Return to Game Home
        </Link>
        <Link to="/admin/scenes" className={buttonVariants({ variant: 'outline' })}>
          Go to Scene Management
        </Link>
      </div>
    </StateCard>
  );
}

/** product rules "Screens" 'Loading error': the message and 'Reload Page'. */
export function SceneLoadingErrorState({ message }: { message: string }) {
  return (
    <StateCard title="Scene Loading Error">
      <p role="alert" className="text-xl text-destructive">
        {message}
      </p>
      <Button onClick={reload}>Reload Page</Button>
    </StateCard>
  );
}

/** product rules "Screens" 'Rendering error': shown by the scene's error boundary; 'Try Again' reloads. */
export function SceneRenderingErrorState() {
  return (
    <StateCard title="Scene Rendering Error">
      <p className="text-xl text-muted-foreground">There was a problem displaying this scene.</p>
      <Button onClick={reload}>Try Again</Button>
    </StateCard>
  );
}

/** product rules "Screens" 'Game context missing': the game data could not be read. */
export function GameContextErrorState() {
  return (
    <StateCard title="Game Context Error">
      <p className="text-xl text-muted-foreground">
        There was a problem accessing the game data. Please try refreshing the page.
      </p>
      <Button onClick={reload}>Refresh Page</Button>
    </StateCard>
  );
}
