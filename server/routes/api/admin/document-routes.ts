import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema/database.ts';
import { type LiveChannel, publish } from '../../../live/bus.ts';
import { writeTracked } from '../../../services/history/record.ts';
import { authorOf } from './author.ts';

type Db = Kysely<Database>;

/** One document an admin page reads and saves whole: a settings key or a page. */
export interface AdminDocument<Body extends z.ZodType, Params extends z.ZodObject> {
  /** The path under /api/admin, e.g. '/settings/seo' or '/pages/:slug'. */
  path: string;
  /** The document's id in history ('settings/seo', 'pages/about'). */
  historyId(params: z.output<Params>): string;
  tags: string[];
  /** Summaries of the GET and the PUT. */
  summary: { read: string; save: string };
  /** Path parameters, when the path has some. */
  params?: Params;
  body: Body;
  response: z.ZodType;
  read(db: Db, params: z.output<Params>): Promise<unknown>;
  save(db: Db, value: z.output<Body>, params: z.output<Params>): Promise<void>;
  /** Open games hear this after a save (SSE), when players see the document. */
  channel?: LiveChannel;
}

/**
 * GET and PUT of one document: the PUT saves the checked body and answers the document as
 * stored (the same answer as the GET), so the editor shows what the server keeps. The save and
 * the document's revision commit together (docs/history.md).
 */
export function documentRoutes<Body extends z.ZodType, Params extends z.ZodObject>(
  app: FastifyInstance,
  doc: AdminDocument<Body, Params>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = doc.params ?? z.object({});
  const response = { 200: doc.response };
  const paramsOf = (request: { params: unknown }) => request.params as z.output<Params>;
  r.get(
    doc.path,
    { schema: { tags: doc.tags, summary: doc.summary.read, params, response } },
    async (request) => doc.read(app.db, paramsOf(request)),
  );
  r.put(
    doc.path,
    { schema: { tags: doc.tags, summary: doc.summary.save, params, body: doc.body, response } },
    async (request) => {
      const p = paramsOf(request);
      const change = { kind: 'document' as const, id: doc.historyId(p), author: authorOf(request) };
      // The document and its revision are written in one transaction.
      await writeTracked(app.db, change, 'save', (trx) =>
        doc.save(trx, request.body as z.output<Body>, p),
      );
      if (doc.channel) await publish(app, doc.channel);
      return doc.read(app.db, p);
    },
  );
}
