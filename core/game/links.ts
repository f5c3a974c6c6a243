/** Prefix of a next-scene id that names a scene not created yet (product rules "Content" 'Pending scene link'). */
export const PENDING_PREFIX = 'pending-';

/** Slug used when a placeholder label has no usable characters at all. */
const EMPTY_SLUG = 'scene';

/** True when a next-scene id points at a scene still to be written ('Under Construction'). */
export function isPendingLink(id: unknown): id is string {
  return typeof id === 'string' && id.startsWith(PENDING_PREFIX);
}

/**
 * The label normaliser of product rules "Play", step by step: lowercase, trim, drop characters other than
 * word characters, whitespace and hyphens, then collapse each run of spaces/underscores into one
 * hyphen. ('Go to the Shop!' → 'go-to-the-shop').
 */
export function normaliseSceneLabel(label: string): string {
  return label
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_]+/g, '-');
}

/**
 * A tidy slug for ids: the spec normaliser, then runs of hyphens made one and hyphens at either
 * end dropped ('  -- Ask  a friend? ' → 'ask-a-friend'). May be '' when nothing usable is left.
 */
export function slugify(label: string): string {
  return normaliseSceneLabel(label).replace(/-+/g, '-').replace(/^-|-$/g, '');
}

/**
 * The id a placeholder option is saved with: `pending-{slug}` (product rules "Play" 'Pending option'). A label
 * that already is a pending id is normalised again rather than prefixed twice; a label with no
 * usable characters becomes 'pending-scene'.
 */
export function toPendingId(label: string): string {
  const rest = isPendingLink(label.trim()) ? label.trim().slice(PENDING_PREFIX.length) : label;
  return `${PENDING_PREFIX}${slugify(rest) || EMPTY_SLUG}`;
}

/**
 * The existing scene a placeholder label refers to, or null (product rules "Play": 'Connected to existing
 * scene'). In order: a scene whose id equals the trimmed label; one whose id equals the label's
 * slug; one whose title has the same slug. A pending id ('pending-shop') is matched by its slug,
 * so a placeholder connects once its scene has been created.
 */
export function matchExistingScene<T extends { id: string; title?: string | null }>(
  label: string,
  scenes: readonly T[],
): T | null {
  const trimmed = label.trim();
  if (trimmed === '') return null;
  const exact = scenes.find((s) => s.id === trimmed);
  if (exact) return exact;
  const slug = slugify(isPendingLink(trimmed) ? trimmed.slice(PENDING_PREFIX.length) : trimmed);
  if (slug === '') return null;
  return (
    scenes.find((s) => s.id.toLowerCase() === slug) ??
    scenes.find((s) => typeof s.title === 'string' && slugify(s.title) === slug) ??
    null
  );
}
