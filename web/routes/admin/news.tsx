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

/** Spec §9: news links are shown cut to 25 characters plus '...'. */
const LINK_SHOWN = 25;

/** /admin/news 'News Scroller Management' (spec §2, §5, §8 'News'). */
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

function NewsFields({ item, idPrefix, onChange }: FieldsProps<typeof newsKind>) {
  const [content, setContent] = useState(item?.content ?? '');
  const [link, setLink] = useState(item?.link ?? '');
  useReportInput<NewsInput>(onChange, { content, link });
  return (
    <>
      <div className="grid gap-1">
        <Label htmlFor={`${idPrefix}-news-content`}>Content</Label>
        <Input
          id={`${idPrefix}-news-content`}
          value={content}
          maxLength={500}
          onChange={(e) => setContent(e.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${idPrefix}-news-link`}>Link (optional)</Label>
        <Input
          id={`${idPrefix}-news-link`}
          value={link}
          placeholder="https://..."
          onChange={(e) => setLink(e.target.value)}
        />
      </div>
    </>
  );
}
