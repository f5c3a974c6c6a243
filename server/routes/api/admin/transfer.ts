import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import {
  IMPORT_BODY_LIMIT,
  importFileTooBig,
  importRequestSchema,
  importResponseSchema,
  transferProgressSchema,
} from '../../../../core/api/transfer.ts';
import { TransferError } from '../../../../core/transfer/format.ts';
import { toTwee } from '../../../../core/transfer/twee.ts';
import { toTwineHtml } from '../../../../core/transfer/twine-html-write.ts';
import { HttpError } from '../../../errors.ts';
import { publishContentChange } from '../../../services/scenes/content-events.ts';
import { exportBundle, exportJson } from '../../../services/transfer/export.ts';
import { transferProgress } from '../../../services/transfer/jobs.ts';
import { parseImportFile } from '../../../services/transfer/parse-in-worker.ts';
import { currentStory, fileIfid } from '../../../services/transfer/story-identity.ts';
import { applyImport, dryRunImport } from '../../../services/transfer/transfer.ts';
import { authorOf } from './author.ts';
import { taggedRoutes } from './tagged-routes.ts';

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof TransferError) throw new HttpError(400, err.message);
    throw err;
  }
}

/** Sends an export as a file download named after today (seo-adventure-YYYY-MM-DD.ext). */
function download(reply: FastifyReply, ext: string, type: string, body: string | Readable) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', `${type}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="seo-adventure-${day}.${ext}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** Export the whole adventure (JSON with images, or Twee 3) and import it back with a dry run. */
export const adminTransferRoutes = taggedRoutes('admin: import / export', (app) => {
  /** The adventure without its image files, written for Twine by `write` (Twee or HTML). */
  const twineExport = async (write: typeof toTwee) => {
    const { files: _files, ...bundle } = await exportBundle(app.db);
    return write(bundle, await currentStory(app.db, app.config.publicUrl));
  };
  app.get(
    '/export.json',
    { schema: { summary: 'The whole adventure as one JSON file, images included' } },
    async (_request, reply) => {
      // Streamed as it is read: other requests are served meanwhile, whatever the size.
      return download(reply, 'json', 'application/json', Readable.from(exportJson(app.db)));
    },
  );

  app.get(
    '/export.twee',
    {
      schema: {
        summary:
          'The adventure as Twee 3 for Twine (scenes as passages, options as links, game data in each passage)',
      },
    },
    async (_request, reply) => download(reply, 'twee', 'text/plain', await twineExport(toTwee)),
  );

  app.get(
    '/export.html',
    {
      schema: {
        summary: 'The adventure as a Twine 2 archive (HTML) that Twine opens with Library > Import',
      },
    },
    async (_request, reply) => download(reply, 'html', 'text/html', await twineExport(toTwineHtml)),
  );

  app.get(
    '/import/progress',
    {
      schema: {
        summary:
          'How far the import, undo or export under way on this server has got (null when none)',
        response: { 200: transferProgressSchema },
      },
    },
    async () => ({ progress: transferProgress(app.db) }),
  );

  const imports = [
    {
      path: '/import/dry-run',
      summary: 'What an import would add, change and remove (writes nothing)',
      applied: false,
      run: dryRunImport,
    },
    {
      path: '/import',
      summary:
        'Apply an import in slices, other requests served between them (a failure puts the content back)',
      applied: true,
      run: applyImport,
    },
  ];
  for (const { path, summary: text, applied, run } of imports) {
    app.post(
      path,
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          summary: text,
          body: importRequestSchema,
          response: { 200: importResponseSchema },
        },
      },
      async (request) => {
        const tooBig = importFileTooBig(Buffer.byteLength(request.body.text));
        if (tooBig) throw new HttpError(413, tooBig);
        // Parsed off the event loop: a huge story must not stall other requests.
        const { bundle, warnings, verdict } = await guarded(() => parseImportFile(request.body));
        // A story without an IFID is a new story in Twine's eyes: it gets its own.
        if (bundle.story && !bundle.story.ifid) bundle.story.ifid = fileIfid(request.body.text);
        const { plan, notes } = await guarded(() =>
          run(app.db, bundle, app.config.publicUrl, authorOf(request)),
        );
        if (applied) {
          request.log.info({ plan: summary(plan.kinds) }, 'adventure imported');
          await publishContentChange(app);
        }
        // The story code stays on the server: the answer says only what the identity becomes.
        const story = plan.story && { ...plan.story, code: undefined };
        const answer = { applied, plan: { ...plan, story }, warnings: [...warnings, ...notes] };
        return verdict ? { ...answer, verdict } : answer;
      },
    );
  }
});

function summary(
  kinds: Record<string, { added: string[]; changed: string[]; removed: string[] } | undefined>,
) {
  return Object.fromEntries(
    Object.entries(kinds).map(([k, d]) => [
      k,
      `+${d?.added.length} ~${d?.changed.length} -${d?.removed.length}`,
    ]),
  );
}
