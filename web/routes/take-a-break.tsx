import { PlaceholderPage } from '../components/placeholder-page.tsx';

/** /take-a-break (spec §2): where the browser's back button leads during play. */
export function Component() {
  return <PlaceholderPage title="Take a Break" />;
}
