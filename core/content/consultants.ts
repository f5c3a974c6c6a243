import { z } from 'zod';
import {
  type AdminConsultantView,
  CONSULTANT_STATUSES,
  type PublicConsultantView,
} from '../api/admin-world-site.ts';
import { iso, key, nullText } from './columns.ts';

/**
 * One consultant row (table consultant_submissions, product rules "Content"): applications and the public
 * directory. Not part of the adventure file (personal data); the demo content carries samples.
 */
export const consultantRowSchema = z.object({
  id: key,
  name: z.string().min(1),
  company: nullText,
  specialty: nullText,
  bio: nullText,
  contact_email: z.string().min(1),
  website_url: nullText,
  image_url: nullText,
  status: z.enum(CONSULTANT_STATUSES).default('approved'),
  created_at: iso,
  updated_at: iso,
});
type ConsultantRow = z.output<typeof consultantRowSchema>;

/** A stored consultant row (its status as the database holds it). */
type StoredConsultant = Omit<ConsultantRow, 'status'> & { status: string };

/** A consultant row as the admin table shows it, contact e-mail and status included. */
export function toAdminConsultant(r: StoredConsultant): AdminConsultantView {
  return {
    id: r.id,
    name: r.name,
    company: r.company,
    specialty: r.specialty,
    bio: r.bio,
    contactEmail: r.contact_email,
    websiteUrl: r.website_url,
    imageUrl: r.image_url,
    status: r.status,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** A consultant row as the public directory shows it: never the contact e-mail. */
export function toPublicConsultant(r: StoredConsultant): PublicConsultantView {
  const {
    contactEmail: _email,
    status,
    createdAt: _c,
    updatedAt: _u,
    ...shown
  } = toAdminConsultant(r);
  return { ...shown, featured: status === 'featured' };
}
