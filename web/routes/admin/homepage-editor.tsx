import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /admin/homepage-editor (spec §2): the start screen's texts, under the breadcrumb Admin > Homepage Editor. */
export function Component() {
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Breadcrumb">
        <ol className="flex items-center gap-2 text-lg text-muted-foreground">
          <li>
            <Link to="/admin" className="hover:text-foreground hover:underline">
              Admin
            </Link>
          </li>
          <li aria-hidden="true">&gt;</li>
          <li aria-current="page" className="text-foreground">
            Homepage Editor
          </li>
        </ol>
      </nav>
      <PlaceholderPage title="Homepage Editor" />
    </div>
  );
}
