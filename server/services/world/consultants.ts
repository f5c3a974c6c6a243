import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AdminConsultantView,
  type ConsultantAction,
  nextConsultantStatus,
  type PublicConsultantView,
} from '../../../core/api/admin-world-site.ts';
import type { Author } from '../../../core/api/history.ts';
import {
  createConsultant,
  deleteConsultant,
  getConsultant,
  listAllConsultants,
  listPublicConsultants,
  transitionConsultantStatus,
} from '../../db/repositories/consultants.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import { deleteTracked, type TrackedChange, writeTracked } from '../history/record.ts';

type Db = Kysely<Database>;
type ConsultantFields = Omit<AdminConsultantView, 'id' | 'createdAt' | 'updatedAt' | 'status'>;

const notFound = () => new HttpError(404, 'Consultant not found');

/** The consultant a write changes, as history records it. */
const change = (id: string, author: Author | null): TrackedChange => ({
  kind: 'consultant',
  id,
  author,
});

/** The public directory: approved and featured, featured first, never an e-mail. */
export function listDirectory(db: Db): Promise<PublicConsultantView[]> {
  return listPublicConsultants(db);
}

/** Every submission, newest first, with contact e-mails (the admin list). */
export function listSubmissions(db: Db): Promise<AdminConsultantView[]> {
  return listAllConsultants(db);
}

/** A visitor's application: stored as pending. */
export function applyAsConsultant(db: Db, fields: ConsultantFields): Promise<AdminConsultantView> {
  return createConsultant(db, { ...fields, status: 'pending' });
}

/** 'Add SEO Consultant': stored approved, or featured when ticked. */
export function addConsultant(
  db: Db,
  { featured, ...fields }: ConsultantFields & { featured?: boolean },
  author: Author | null,
): Promise<AdminConsultantView> {
  const id = randomUUID();
  return writeTracked(db, change(id, author), 'create', (trx) =>
    createConsultant(trx, { ...fields, status: featured ? 'featured' : 'approved' }, id),
  );
}

/**
 * Approve / Feature / Unfeature (product rules "Play" transitions): 404 when missing, 409 when the
 * action does not apply to the current status or another admin changed it meanwhile.
 */
export async function changeConsultantStatus(
  db: Db,
  id: string,
  action: ConsultantAction,
  author: Author | null,
): Promise<AdminConsultantView> {
  return writeTracked(db, change(id, author), 'save', async (trx) => {
    const current = await getConsultant(trx, id);
    if (!current) throw notFound();
    const next = nextConsultantStatus(current.status, action);
    if (!next) throw new HttpError(409, `Cannot ${action} a consultant that is ${current.status}`);
    if (!(await transitionConsultantStatus(trx, id, current.status, next))) {
      throw new HttpError(409, 'The consultant was changed meanwhile; reload and try again');
    }
    const updated = await getConsultant(trx, id);
    if (!updated) throw notFound();
    return updated;
  });
}

/** Deletes a submission (kept in 'Recently deleted'); 404 when it does not exist. */
export async function removeConsultant(db: Db, id: string, author: Author | null): Promise<void> {
  await deleteTracked(db, change(id, author), async (trx) => {
    if (!(await deleteConsultant(trx, id))) throw notFound();
  });
}
