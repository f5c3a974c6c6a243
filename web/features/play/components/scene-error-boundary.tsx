import { Component, type ErrorInfo, type ReactNode } from 'react';
import { toast } from '../../../lib/toast.ts';
import { SceneRenderingErrorState } from './play-states.tsx';

interface State {
  failed: boolean;
  /** The scene the failure belongs to: the next scene gets a fresh chance. */
  sceneId: string;
}

/**
 * Catches an error while a scene renders (product rules "Screens" 'Rendering error', "Messages" rules 'Scene Error'): the
 * 'Scene Rendering Error' screen plus a toast, instead of a blank game. A failure holds for its
 * scene: the next `sceneId` gets a fresh chance, rendered into the same elements (a key would
 * build the whole scene anew at every choice, inside the click).
 */
export class SceneErrorBoundary extends Component<{ sceneId: string; children: ReactNode }, State> {
  override state: State = { failed: false, sceneId: this.props.sceneId };

  static getDerivedStateFromProps(props: { sceneId: string }, state: State): Partial<State> | null {
    return props.sceneId === state.sceneId ? null : { failed: false, sceneId: props.sceneId };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Scene rendering failed', error, info.componentStack);
    toast({
      title: 'Scene Error',
      description: 'There was a problem rendering this scene. Try refreshing the page.',
      variant: 'destructive',
      errorId: 'scene-render',
    });
  }

  override render(): ReactNode {
    return this.state.failed ? <SceneRenderingErrorState /> : this.props.children;
  }
}
