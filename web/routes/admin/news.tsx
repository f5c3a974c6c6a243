import { shortenUrl } from '../../../core/api/admin-world.ts';
import { newsKind } from '../../../core/content/news.ts';
import { TextField } from '../../components/text-field.tsx';
import {
  CollectionPage,
  type FieldsProps,
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
      initial={(n): NewsForm => ({ content: n?.content ?? '', link: n?.link ?? '' })}
      Fields={NewsFields}
    />
  );
}

type NewsForm = { content: string; link: string };

function NewsFields({ form: { field } }: FieldsProps<NewsForm>) {
  return (
    <>
      <TextField {...field('content')} label="Content" maxLength={500} />
      <TextField {...field('link')} label="Link (optional)" placeholder="https://..." />
    </>
  );
}
