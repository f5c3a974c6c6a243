import { useNews } from '../api/get-news.ts';
import { useLiveUpdates } from '../api/use-live-updates.ts';
import { NewsTicker } from './news-ticker.tsx';

/**
 * The ticker of the game layout: the active news items, refetched whenever the server's live
 * stream says news changed (and, while mounted, other live updates reach the play data too).
 */
export function LiveNewsTicker() {
  useLiveUpdates();
  const { data } = useNews();
  return <NewsTicker items={data?.items ?? []} />;
}
