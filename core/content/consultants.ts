import { z } from 'zod';
import { CONSULTANT_STATUSES } from '../api/admin-world-site.ts';
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
export type ConsultantRow = z.output<typeof consultantRowSchema>;
