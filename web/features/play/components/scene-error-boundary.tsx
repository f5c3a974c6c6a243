import { Component, type ErrorInfo, type ReactNode } from 'react';
import { toast } from '../../../lib/toast.ts';
import { SceneRenderingErrorState } from './play-states.tsx';

interface State {
  failed: boolean;
}

/**
 * Catches an error while a scene renders (product rules "Screens" 'Rendering error', "Messages" rules 'Scene Error'): the
 * 'Scene Rendering Error' screen plus a toast, instead of a blank game. Give it `key={sceneId}`
 * so the next scene gets a fresh chance.
 */
export class SceneErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
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
