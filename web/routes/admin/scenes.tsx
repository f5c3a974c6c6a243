import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /admin/scenes (spec §2): the scene list with search, grid and table views. */
export function Component() {
  return <PlaceholderPage title="Scenes Management" />;
}
