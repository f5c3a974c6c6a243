import type { FastifyInstance } from 'fastify';
import { publish } from '../../live/bus.ts';

/**
 * Called after every admin write players can see (scenes, options, stats, initial scene): tells
 * open game screens on every server that content changed. Never throws (failures are logged).
 */
export function publishContentChange(app: FastifyInstance): Promise<void> {
  return publish(app, 'content');
}
