import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /admin/random-events (spec §2): the random events table and dialog. */
export function Component() {
  return <PlaceholderPage title="Random Events Management" />;
}
