/**
 * Tab titles of the game's screens (docs/scene-layout.md "Titles"): the screen's own name, then
 * the game's, so a player with several tabs (or a history list) tells them apart. The server
 * writes them into the HTML it serves; the browser keeps them current as the player moves on.
 */

/** The game's name after every screen's own. */
const GAME_NAME = 'SEO Adventure';

/** 'Day 2: The Crawl Report - SEO Adventure'; the game's name alone for an empty screen name. */
export function gamePageTitle(screen: string | null | undefined): string {
  const name = screen?.replace(/\s+/g, ' ').trim();
  return name ? `${name} - ${GAME_NAME}` : GAME_NAME;
}

/** Screen names of the game pages that are not a scene. */
export const SCREEN_NAMES = {
  home: 'Game Home',
  event: 'Random Event',
  advertisement: 'Advertisement',
  notFound: 'Page Not Found',
  takeABreak: 'Take a Break',
  sceneMissing: 'Scene Not Found',
} as const;

/** The random event screen's name: 'Random Event: Google Core Update'. */
export const eventScreenName = (title: string): string => `${SCREEN_NAMES.event}: ${title}`;
/** The advertisement screen's name: 'Advertisement: Hat Box Deluxe'. */
export const adScreenName = (title: string): string => `${SCREEN_NAMES.advertisement}: ${title}`;
