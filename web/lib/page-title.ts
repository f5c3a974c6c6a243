import { useEffect } from 'react';
import { gamePageTitle } from '../../core/page-title.ts';

/**
 * Keeps the tab title on this game screen's name ('Day 2: The Crawl Report - SEO Adventure');
 * nothing while the name is not known yet (the server's title for the page stays).
 */
export function useGamePageTitle(screen: string | null | undefined): void {
  useEffect(() => {
    if (screen) document.title = gamePageTitle(screen);
  }, [screen]);
}
