/**
 * The public consultant list's cache key, in a file of its own: the page's boot data is seeded
 * under it (web/app/boot-data.ts) without bringing the list's sample entries into every page.
 */
export const CONSULTANTS_KEY = ['consultants'] as const;
