import type { FastifyInstance } from 'fastify';
import { closeInactiveClasses } from '../../db/repositories/classes.ts';
import { startSweep } from '../sweep.ts';
import { inactiveCutoff } from './teach.ts';

/** How often the server closes classes past their inactivity limit. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Closes classes without activity for CLASS_INACTIVE_DAYS when the server starts and every hour
 * (docs/class-mode.md 'Inactive classes'); reads and joins check lazily too. Returns the stop.
 */
export function startInactivitySweep(app: FastifyInstance): () => void {
  return startSweep(app, {
    run: () => closeInactiveClasses(app.db, inactiveCutoff()),
    firstAfterMs: 1000,
    everyMs: SWEEP_EVERY_MS,
    done: (n) => app.log.info({ closed: n }, 'classes closed after 90 days without activity'),
    failed: 'class inactivity sweep failed',
  });
}
