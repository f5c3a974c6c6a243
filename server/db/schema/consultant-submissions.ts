import type { Timestamp } from './columns.ts';

/** Table consultant_submissions: applications and the public directory (status pending/approved/featured). */
export interface ConsultantSubmissionsTable {
  id: string;
  name: string;
  company: string | null;
  specialty: string | null;
  bio: string | null;
  contact_email: string;
  website_url: string | null;
  image_url: string | null;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
