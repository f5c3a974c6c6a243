import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Dialect } from './db/database.ts';
import type { Database } from './db/schema/database.ts';
import type { EventDeps } from './services/play/event-draw.ts';

/** Who made a request, as the auth layer resolved it (null: no session). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'player';
  isAnonymous: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: Dialect;
    /** The clock and guest draws of random events (services/play/event-draw.ts). */
    eventDeps: EventDeps;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}
