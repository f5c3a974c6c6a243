import type { FastifyInstance } from 'fastify';
import { closeInactiveClasses } from '../../db/repositories/classes.ts';
import { inactiveCutoff } from './teach.ts';

/** How often the server closes classes past their inactivity limit. */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Closes classes without activity for CLASS_INACTIVE_DAYS when the server starts and every hour
 * (docs/class-mode.md 'Inactive classes'); reads and joins check lazily too. Returns the stop.
 */
export function startInactivitySweep(app: FastifyInstance): () => void {
  const sweep = () =>
    closeInactiveClasses(app.db, inactiveCutoff()).then(
      (n) => {
        if (n > 0) app.log.info({ closed: n }, 'classes closed after 90 days without activity');
      },
      (err) => app.log.error({ err }, 'class inactivity sweep failed'),
    );
  const first = setTimeout(sweep, 1000);
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
