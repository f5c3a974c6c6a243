import { LayoutGrid, List, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { SceneSummary } from '../../../core/api/admin-scenes.ts';
import { DataTable } from '../../components/data-table.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { Listing } from '../../components/listing.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useSceneList } from '../../features/admin-scenes/api/scenes.ts';
import { DeleteSceneDialog } from '../../features/admin-scenes/delete-scene-dialog.tsx';
import { AdminPage } from '../../features/admin-world/components/admin-page.tsx';
import { toast } from '../../lib/toast.ts';

/** The two looks of the list, with their buttons' names and icons. */
const VIEWS = [
  ['grid', 'Grid view', LayoutGrid],
  ['table', 'Table view', List],
] as const;

/** product rules "Screens": the search runs 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/** /admin/scenes 'Scenes Management' (product rules "Screens"): searched and paged on the server. */
export function Component() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [view, setView] = useState<'grid' | 'table'>('grid');
  useEffect(() => {
    const t = setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [typed]);
  const list = useSceneList(q, page);
  const [deleting, setDeleting] = useState<SceneSummary | null>(null);
  useEffect(() => {
    if (list.isError) {
      toast({ title: 'Failed to load scenes from the database', variant: 'destructive' });
    }
  }, [list.isError]);

  const onDelete = (s: SceneSummary) => setDeleting(s);

  const data = list.data;
  const scenes = data?.scenes ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const actions = (s: SceneSummary) => (
    <div className="flex gap-1">
      <Link
        to={`/admin/scenes/${encodeURIComponent(s.id)}`}
        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        aria-label={`Edit ${s.title}`}
      >
        <Pencil aria-hidden="true" />
      </Link>
      <IconButton icon={Trash2} label={`Delete ${s.title}`} onClick={() => onDelete(s)} />
    </div>
  );

  return (
    <AdminPage
      title="Scenes Management"
      action={
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => list.refetch()} aria-label="Refresh">
            <RefreshCw aria-hidden="true" />
          </Button>
          <Link to="/admin/scenes/new" className={buttonVariants()}>
            <Plus aria-hidden="true" /> Add New Scene
          </Link>
        </div>
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <Input
          type="search"
          aria-label="Search scenes"
          placeholder="Search scenes by title, description or ID..."
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="max-w-xl flex-1 basis-64"
        />
        <fieldset className="flex gap-1">
          <legend className="sr-only">View</legend>
          {VIEWS.map(([v, label, icon]) => (
            <IconButton
              key={v}
              icon={icon}
              label={label}
              variant={view === v ? 'default' : 'outline'}
              aria-pressed={view === v}
              onClick={() => setView(v)}
            />
          ))}
        </fieldset>
        {data && (
          <p className="text-lg text-muted-foreground" aria-live="polite">
            {data.total} {data.total === 1 ? 'scene' : 'scenes'}
          </p>
        )}
      </div>

      <Listing
        pending={list.isPending}
        empty={scenes.length === 0}
        emptyText={q ? 'No scenes match your search' : 'No scenes found in database'}
      >
        {view === 'grid' ? (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {scenes.map((s) => (
              <li
                key={s.id}
                className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4"
              >
                <div className="flex items-start justify-between gap-2">
                  <h2 className="font-retro text-2xl leading-tight break-words">{s.title}</h2>
                  {s.isStart && <Badge>Initial</Badge>}
                </div>
                <p className="text-base text-muted-foreground">{s.id}</p>
                {s.subtitle && <p className="text-lg">{s.subtitle}</p>}
                {s.reference && (
                  <p className="text-base text-muted-foreground">Reference: {s.reference}</p>
                )}
                <div className="mt-auto flex justify-end">{actions(s)}</div>
              </li>
            ))}
          </ul>
        ) : (
          <DataTable
            rows={scenes}
            rowKey={(s) => s.id}
            columns={[
              { header: 'Title', cell: (s) => s.title, className: 'whitespace-normal' },
              { header: 'Subtitle', cell: (s) => s.subtitle ?? '', className: 'whitespace-normal' },
              {
                header: 'Reference',
                cell: (s) => s.reference ?? '',
                className: 'whitespace-normal',
              },
              { header: 'Initial', cell: (s) => (s.isStart ? <Badge>Initial</Badge> : '') },
              { header: 'Actions', cell: actions },
            ]}
          />
        )}
      </Listing>

      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center gap-3">
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="text-lg">
            Page {page} of {pages}
          </span>
          <Button variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      )}
      <DeleteSceneDialog scene={deleting} onClose={() => setDeleting(null)} />
    </AdminPage>
  );
}
