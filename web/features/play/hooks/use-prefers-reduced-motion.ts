import { useMediaQuery } from './use-media-query.ts';

/** True while the player's system asks for reduced motion; follows changes live. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
