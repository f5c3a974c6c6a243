import { useQuery } from '@tanstack/react-query';
import type {
  ConsultantApplication,
  PublicConsultantView,
} from '../../../core/api/admin-world-site.ts';
import { apiFetch } from '../../lib/api.ts';
import { CONSULTANTS_KEY } from './query-key.ts';

/**
 * product rules "Messages" 'Consultants': when the public directory cannot be loaded, two sample consultants are
 * shown instead (fictional people with no contact details).
 */
export const SAMPLE_CONSULTANTS: PublicConsultantView[] = [
  {
    id: 'sample-1',
    name: 'Ada Crawley',
    company: 'Crawlspace Consulting',
    specialty: 'Technical SEO',
    bio: 'Ada reads server logs for fun and fixes the crawl problems nobody else can find.',
    websiteUrl: null,
    imageUrl: null,
    featured: true,
  },
  {
    id: 'sample-2',
    name: 'Ben Snippet',
    company: 'Snippet & Sons',
    specialty: 'Content and local SEO',
    bio: 'Ben helps small shops write pages that answer real questions, then get found nearby.',
    websiteUrl: null,
    imageUrl: null,
    featured: false,
  },
];

/** GET /api/consultants: approved and featured consultants, featured first. */
export function useConsultants() {
  return useQuery({
    queryKey: CONSULTANTS_KEY,
    queryFn: ({ signal }) =>
      apiFetch<{ consultants: PublicConsultantView[] }>('/api/consultants', { signal }).then(
        (r) => r.consultants,
      ),
    retry: false,
  });
}

/** POST /api/consultants/photo: the application's photo; answers its /uploads/ path. */
export function uploadApplicationPhoto(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<{ url: string }>('/api/consultants/photo', { body: form });
}

/** POST /api/consultants: stores the application as pending. */
export function submitApplication(input: ConsultantApplication): Promise<unknown> {
  return apiFetch('/api/consultants', { body: input });
}
