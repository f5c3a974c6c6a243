import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/** The start screen's texts when the 'home' page has none (product rules "Screens"). */
export const HOME_DEFAULTS = {
  title: 'SEO Adventure',
  subtitle: 'Your SEO adventure awaits...',
  description: 'Take a small hat web shop all the way to rank #1, one decision at a time.',
  buttonText: 'Start Adventure Now',
} as const;

export type HomeContent = { [K in keyof typeof HOME_DEFAULTS]: string };

/** A non-blank string field of `obj`, trimmed; anything else is undefined. */
function textField(obj: unknown, key: keyof HomeContent): string | undefined {
  if (typeof obj !== 'object' || obj === null || !(key in obj)) return undefined;
  const v = (obj as Record<string, unknown>)[key];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/**
 * Reads GET /api/pages/home. The page's `content` (product rules "Content": a JSON string with title, subtitle,
 * description, buttonText, ...) may arrive as a string or already parsed; a missing or blank
 * field falls back to its default.
 */
export function parseHomeContent(body: unknown): HomeContent {
  let content: unknown = body;
  if (typeof body === 'object' && body !== null && 'content' in body) content = body.content;
  if (typeof content === 'string') {
    try {
      content = JSON.parse(content);
    } catch {
      content = {};
    }
  }
  // Hand-checked rather than zod, to keep the start screen's download small.
  return {
    title: textField(content, 'title') ?? HOME_DEFAULTS.title,
    subtitle: textField(content, 'subtitle') ?? HOME_DEFAULTS.subtitle,
    description: textField(content, 'description') ?? HOME_DEFAULTS.description,
    buttonText: textField(content, 'buttonText') ?? HOME_DEFAULTS.buttonText,
  };
}

/** Query options of the 'home' page content. */
export const homePageQuery = queryOptions({
  queryKey: ['pages', 'home'],
  queryFn: async ({ signal }) => parseHomeContent(await apiFetch('/api/pages/home', { signal })),
  // The defaults are a fine answer: show them at once instead of retrying.
  retry: false,
  staleTime: 5 * 60_000,
});

/** The start screen's texts: the stored ones, or the defaults when they cannot be loaded. */
export function useHomeContent(): { content: HomeContent; isPending: boolean } {
  const query = useQuery(homePageQuery);
  return { content: query.data ?? HOME_DEFAULTS, isPending: query.isPending };
}
