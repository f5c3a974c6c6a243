import { useState } from 'react';
import { shortenUrl } from '../../../core/api/admin-world.ts';
import { type NewsInput, newsKind } from '../../../core/content/news.ts';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  CollectionPage,
  type FieldsProps,
  useReportInput,
} from '../../features/admin-world/components/collection-page.tsx';

/** Product rules "Limits": news links are shown cut to 25 characters plus '...'. */
const LINK_SHOWN = 25;

/** /admin/news 'News Scroller Management' (product rules "Screens", "Validation", "Messages" 'News'). */
export function Component() {
  return (
    <CollectionPage
      kind={newsKind}
      title="News Scroller Management"
      addLabel="Add News Item"
      editTitle="Edit News Item"
      saveLabel="Save Changes"
      empty="No news items found"
      inlineAdd
      createdVerb="added"
      nameOf={(n) => n.content}
      actionLabel={(verb, name) => `${verb}: ${name}`}
      active={{ isOn: (n) => n.active, header: 'Status' }}
      columns={[
        {
          header: 'Content',
          cell: (n) => n.content,
          className: 'max-w-md whitespace-normal break-words',
        },
        {
          header: 'Link',
          cell: (n) =>
            n.link ? (
              <a
                href={n.link}
                target="_blank"
                rel="noopener noreferrer"
                className="underline"
                title={n.link}
              >
                {shortenUrl(n.link, LINK_SHOWN)}
              </a>
            ) : (
              <span className="text-muted-foreground">—</span>
            ),
        },
      ]}
      Fields={NewsFields}
    />
  );
}

function NewsFields({ item, idPrefix, onChange, errors }: FieldsProps<typeof newsKind>) {
  const [content, setContent] = useState(item?.content ?? '');
  const [link, setLink] = useState(item?.link ?? '');
  useReportInput<NewsInput>(onChange, { content, link });
  return (
    <>
      <div className="grid gap-1">
        <Label htmlFor={`${idPrefix}-news-content`}>Content</Label>
        <Input
          id={`${idPrefix}-news-content`}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${idPrefix}-news-content-error` : undefined}
          value={content}
          maxLength={500}
          onChange={(e) => setContent(e.target.value)}
        />
        {errors.content && (
          <p id={`${idPrefix}-news-content-error`} className="text-base text-destructive">
            {errors.content}
          </p>
        )}
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${idPrefix}-news-link`}>Link (optional)</Label>
        <Input
          id={`${idPrefix}-news-link`}
          aria-invalid={errors.link ? true : undefined}
          aria-describedby={errors.link ? `${idPrefix}-news-link-error` : undefined}
          value={link}
          placeholder="https://..."
          onChange={(e) => setLink(e.target.value)}
        />
        {errors.link && (
          <p id={`${idPrefix}-news-link-error`} className="text-base text-destructive">
            {errors.link}
          </p>
        )}
      </div>
    </>
  );
}
