import { Component, type ReactNode } from 'react';
import { isChunkLoadError, UPDATED_MESSAGE } from '../lib/chunk-error.ts';
import { Button } from './ui/button.tsx';

interface State {
  error: unknown;
}

/**
 * Around a part of a screen whose code loads on demand (React.lazy): when that code cannot be
 * downloaded (a deploy since the page was opened), the part says so with a 'Reload' button and
 * the rest of the screen stays. `quiet` shows nothing instead (a part nobody misses, such as the
 * toaster). Any other error goes on to the screen's own error handling.
 */
export class LoadBoundary extends Component<{ children: ReactNode; quiet?: boolean }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    if (this.props.quiet) return null;
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-lg border border-border p-4"
      >
        <p className="text-lg">{UPDATED_MESSAGE}</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    );
  }
}
