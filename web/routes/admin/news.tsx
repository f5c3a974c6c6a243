import { type FormEvent, useEffect, useState } from 'react';
import { shortenUrl } from '../../../core/api/admin-world.ts';
import type { NewsItemView } from '../../../core/content/news.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx';
import { useAdminNews, useNewsMutations } from '../../features/admin-world/api/news.ts';
import {
  AdminPage,
  doneToast as done,
  failToast as fail,
  messageOf,
} from '../../features/admin-world/components/admin-page.tsx';
import { RowActions } from '../../features/admin-world/components/row-actions.tsx';

const EMPTY = 'News content cannot be empty';
/** Spec §9: news links are shown cut to 25 characters plus '...'. */
const LINK_SHOWN = 25;

/** /admin/news 'News Scroller Management' (spec §2, §5, §8 'News'). */
export function Component() {
  const news = useAdminNews();
  const { add, update, setActive, remove } = useNewsMutations();
  const [content, setContent] = useState('');
  const [link, setLink] = useState('');
  const [editing, setEditing] = useState<NewsItemView | null>(null);

  useEffect(() => {
    if (news.isError) fail('Failed to load news items');
  }, [news.isError]);

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    if (!content.trim()) return fail(EMPTY);
    add.mutate(
      { content, link },
      {
        onSuccess: () => {
          setContent('');
          setLink('');
          done('News item added successfully');
        },
        onError: (err) => fail(`Failed to add news item: ${messageOf(err)}`),
      },
    );
  };

  const onToggle = (item: NewsItemView, active: boolean) =>
    setActive.mutate(
      { id: item.id, active },
      {
        onSuccess: () => done(`News item ${active ? 'activated' : 'deactivated'} successfully`),
        onError: (err) => fail(`Failed to update news item status: ${messageOf(err)}`),
      },
    );

  const onDelete = (item: NewsItemView) => {
    if (!window.confirm('Are you sure you want to delete this news item?')) return;
    remove.mutate(item.id, {
      onSuccess: () => done('News item deleted successfully'),
      onError: (err) => fail(`Failed to delete news item: ${messageOf(err)}`),
    });
  };

  const items = news.data ?? [];
  return (
    <AdminPage title="News Scroller Management">
      <Card>
        <CardHeader>
          <CardTitle>Add News Item</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end" onSubmit={onAdd}>
            <div className="grid gap-1">
              <Label htmlFor="news-content">Content</Label>
              <Input
                id="news-content"
                value={content}
                maxLength={500}
                onChange={(e) => setContent(e.target.value)}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="news-link">Link (optional)</Label>
              <Input
                id="news-link"
                value={link}
                placeholder="https://..."
                onChange={(e) => setLink(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding...' : 'Add News Item'}
            </Button>
          </form>
        </CardContent>
      </Card>

      {news.isPending ? (
        <p className="text-xl">Loading...</p>
      ) : items.length === 0 ? (
        <p className="text-xl text-muted-foreground">No news items found</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Content</TableHead>
              <TableHead>Link</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                <TableCell className="max-w-md whitespace-normal break-words">
                  {item.content}
                </TableCell>
                <TableCell>
                  {item.link ? (
                    <a
                      href={item.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="underline"
                      title={item.link}
                    >
                      {shortenUrl(item.link, LINK_SHOWN)}
                    </a>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </TableCell>
                <TableCell>
                  <div className="flex items-center gap-2">
                    <Switch
                      checked={item.active}
                      aria-label={`Active: ${item.content}`}
                      onCheckedChange={(v) => onToggle(item, v)}
                    />
                    <span>{item.active ? 'Active' : 'Inactive'}</span>
                  </div>
                </TableCell>
                <TableCell className="text-right">
                  <RowActions
                    editLabel={`Edit: ${item.content}`}
                    deleteLabel={`Delete: ${item.content}`}
                    onEdit={() => setEditing(item)}
                    onDelete={() => onDelete(item)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <EditNewsDialog
        item={editing}
        saving={update.isPending}
        onClose={() => setEditing(null)}
        onSave={(input) => {
          if (!editing) return;
          if (!input.content.trim()) return fail(EMPTY);
          update.mutate(
            { id: editing.id, ...input },
            {
              onSuccess: () => {
                setEditing(null);
                done('News item updated successfully');
              },
              onError: (err) =>
                fail(
                  err instanceof Error
                    ? `Failed to update news item: ${messageOf(err)}`
                    : 'An unexpected error occurred',
                ),
            },
          );
        }}
      />
    </AdminPage>
  );
}

function EditNewsDialog({
  item,
  saving,
  onClose,
  onSave,
}: {
  item: NewsItemView | null;
  saving: boolean;
  onClose: () => void;
  onSave: (input: { content: string; link: string }) => void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {item && <EditNewsForm key={item.id} item={item} saving={saving} onSave={onSave} />}
      </DialogContent>
    </Dialog>
  );
}

function EditNewsForm({
  item,
  saving,
  onSave,
}: {
  item: NewsItemView;
  saving: boolean;
  onSave: (input: { content: string; link: string }) => void;
}) {
  const [content, setContent] = useState(item.content);
  const [link, setLink] = useState(item.link ?? '');
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ content, link });
      }}
    >
      <DialogHeader>
        <DialogTitle>Edit News Item</DialogTitle>
      </DialogHeader>
      <div className="grid gap-1">
        <Label htmlFor="edit-news-content">Content</Label>
        <Input
          id="edit-news-content"
          value={content}
          maxLength={500}
          onChange={(e) => setContent(e.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="edit-news-link">Link (optional)</Label>
        <Input id="edit-news-link" value={link} onChange={(e) => setLink(e.target.value)} />
      </div>
      <DialogFooter>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
