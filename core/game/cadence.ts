/** An advertisement is shown before every 5th scene (product rules "Play", "Limits" rules). */
export const AD_EVERY = 5;

/** Default call-to-action text of an advertisement (product rules "Content"). */
export const DEFAULT_AD_CTA = 'Learn More';

/**
 * True when the scene a player is about to reach is a 5th one and an advertisement comes first.
 * `sceneCount` counts the scenes reached so far including this one (1, 2, ...); 0, negatives and
 * fractions never show one.
 */
export function shouldShowAdvertisement(sceneCount: number): boolean {
  return Number.isInteger(sceneCount) && sceneCount > 0 && sceneCount % AD_EVERY === 0;
}

/**
 * Which stored advertisement to show: index = scene count modulo the number of ads (product rules "Play"),
 * `ads` in their display order (active, priority descending). Null when there are no ads. Does
 * not check the cadence; see advertisementFor.
 */
export function pickAdvertisement<T>(sceneCount: number, ads: readonly T[]): T | null {
  if (ads.length === 0) return null;
  const n = Number.isFinite(sceneCount) ? Math.trunc(sceneCount) : 0;
  return ads[((n % ads.length) + ads.length) % ads.length] ?? null;
}

/** The advertisement to show before this scene, or null when it is not an ad scene or there are none. */
export function advertisementFor<T>(sceneCount: number, ads: readonly T[]): T | null {
  return shouldShowAdvertisement(sceneCount) ? pickAdvertisement(sceneCount, ads) : null;
}
