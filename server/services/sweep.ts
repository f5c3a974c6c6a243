import type { FastifyInstance } from 'fastify';

/** A background clean-up: what it does, when it first runs and how often after. */
interface Sweep {
  /** Does the work; resolves to how many things it removed or closed. */
  run: () => Promise<number>;
  firstAfterMs: number;
  everyMs: number;
  /** Logs a run that did something (n > 0). */
  done: (n: number) => void;
  /** The log message of a run that failed. */
  failed: string;
}

/**
 * Runs a sweep shortly after start and then every `everyMs`, on timers that keep no process alive;
 * a failed run is logged and the next one tries again. Returns the stop.
 */
export function startSweep(app: FastifyInstance, sweep: Sweep): () => void {
  const once = () =>
    sweep.run().then(
      (n) => {
        if (n > 0) sweep.done(n);
      },
      (err) => app.log.error({ err }, sweep.failed),
    );
  const first = setTimeout(once, sweep.firstAfterMs);
  const timer = setInterval(once, sweep.everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
