import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Author, HistoryKind } from '../../../../core/api/history.ts';
import type { Bundle } from '../../../../core/transfer/format.ts';
import { keepOriginal, recordRevision } from '../../../services/history/revisions.ts';
import { isDocumentId } from '../../../services/history/tracked.ts';
import {
  recordDelete,
  recordImport,
  snapshotBeforeDelete,
  snapshotBeforeImport,
} from '../../../services/history/undo.ts';

/** The admin API's collections that keep history, by their first path segment. */
const COLLECTIONS: Record<string, HistoryKind> = {
  scenes: 'scene',
  'random-events': 'randomEvent',
  sponsors: 'sponsor',
  news: 'news',
  advertisements: 'advertisement',
  consultants: 'consultant',
};

interface Target {
  kind: HistoryKind;
  /** Null for a create (the id comes with the answer). */
  id: string | null;
  /** The request deletes the item itself (not one of its options). */
  deletesItem: boolean;
}

/** Which tracked item an admin write changes, from its URL; null for anything else. */
function targetOf(request: FastifyRequest): Target | null {
  const path = request.url.split('?')[0]?.replace(/^\/api\/admin\//, '') ?? '';
  const parts = path.split('/').map((p) => decodeURIComponent(p));
  const doc = parts.slice(0, 2).join('/');
  if (isDocumentId(doc)) return { kind: 'document', id: doc, deletesItem: false };
  const kind = COLLECTIONS[parts[0] ?? ''];
  if (!kind) return null;
  const id = parts[1] || null;
  return { kind, id, deletesItem: request.method === 'DELETE' && parts.length === 2 };
}

/** The id a create answered with ({ scene: { id } } or { id }). */
function createdId(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const body = JSON.parse(payload) as { id?: unknown; scene?: { id?: unknown } };
    const id = body.scene?.id ?? body.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** The import's effect on scenes in a few words, for 'Recently deleted'. */
function importLabel(payload: unknown): string | null {
  try {
    const body = JSON.parse(String(payload)) as {
      applied?: boolean;
      plan?: {
        kinds?: Record<string, { added: unknown[]; changed: unknown[]; removed: unknown[] }>;
      };
    };
    if (!body.applied) return null;
    const s = body.plan?.kinds?.scenes;
    const counts = s
      ? ` (scenes: ${s.added.length} added, ${s.changed.length} changed, ${s.removed.length} removed)`
      : '';
    return `Import${counts}`;
  } catch {
    return null;
  }
}

/** The signed-in admin as history names them. */
export const authorOf = (request: FastifyRequest): Author | null =>
  request.user ? { id: request.user.id, name: request.user.name || request.user.email } : null;

const isWrite = (request: FastifyRequest) => request.method !== 'GET' && request.method !== 'HEAD';

/**
 * Keeps history for every admin write (docs/history.md), without each route knowing: before a
 * write, an item without revisions keeps its current content as revision 1 ('original'), a
 * delete keeps the item and an import keeps the whole adventure; after a write that succeeded,
 * the item's new content becomes its next revision, a delete or an import goes to 'Recently
 * deleted'. Refused writes (4xx/5xx) record nothing.
 */
export function trackHistory(app: FastifyInstance): void {
  const deleted = new WeakMap<FastifyRequest, unknown>();
  const beforeImport = new WeakMap<FastifyRequest, Bundle>();

  app.addHook('preHandler', async (request) => {
    if (!isWrite(request)) return;
    if (request.method === 'POST' && request.url.split('?')[0] === '/api/admin/import') {
      beforeImport.set(request, await snapshotBeforeImport(app.db));
      return;
    }
    const t = targetOf(request);
    if (!t?.id) return;
    if (t.deletesItem) {
      const snapshot = await snapshotBeforeDelete(app.db, t.kind, t.id);
      if (snapshot !== null) deleted.set(request, snapshot);
    } else {
      await keepOriginal(app.db, t.kind, t.id);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!isWrite(request) || reply.statusCode >= 300) return payload;
    const author = authorOf(request);
    const previous = beforeImport.get(request);
    if (previous) {
      const label = importLabel(payload);
      if (label) await recordImport(app.db, previous, author, label);
      return payload;
    }
    const t = targetOf(request);
    if (!t) return payload;
    if (t.deletesItem && t.id) {
      if (deleted.has(request)) {
        await recordDelete(app.db, t.kind, t.id, deleted.get(request), author);
      }
      return payload;
    }
    const id = t.id ?? createdId(payload);
    if (id) await recordRevision(app.db, t.kind, id, author, t.id ? 'save' : 'create');
    return payload;
  });
}
