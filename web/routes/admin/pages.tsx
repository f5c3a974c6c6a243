import { useEffect, useState } from 'react';
import {
  FOOTER_PAGE_SLUGS,
  FOOTER_PAGE_TITLES,
  type FooterPageContent,
  type FooterPageSlug,
  type PageResponse,
} from '../../../core/api/admin-world-site.ts';
import { TextField } from '../../components/text-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useAdminDocument } from '../../features/admin-world/api/documents.ts';
import { AdminPage, messageOf } from '../../features/admin-world/components/admin-page.tsx';
import { toast } from '../../lib/toast.ts';

/** /admin/pages: the footer pages About, How to Play and Become a Sponsor. */
export function Component() {
  return (
    <AdminPage title="Footer Pages">
      <Tabs defaultValue={FOOTER_PAGE_SLUGS[0]}>
        <TabsList>
          {FOOTER_PAGE_SLUGS.map((slug) => (
            <TabsTrigger key={slug} value={slug}>
              {FOOTER_PAGE_TITLES[slug]}
            </TabsTrigger>
          ))}
        </TabsList>
        {FOOTER_PAGE_SLUGS.map((slug) => (
          <TabsContent key={slug} value={slug}>
            <FooterPageEditor slug={slug} />
          </TabsContent>
        ))}
      </Tabs>
    </AdminPage>
  );
}

function FooterPageEditor({ slug }: { slug: FooterPageSlug }) {
  const { query, save } = useAdminDocument<PageResponse, FooterPageContent>(
    `/api/admin/pages/${slug}`,
  );
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  useEffect(() => {
    if (!query.data) return;
    const c = query.data.content;
    setTitle(typeof c.title === 'string' ? c.title : FOOTER_PAGE_TITLES[slug]);
    setBody(typeof c.body === 'string' ? c.body : '');
  }, [query.data, slug]);

  if (query.isPending) return <p className="text-xl">Loading...</p>;
  if (query.isError) {
    return <p className="text-xl text-destructive">Failed to load the page. Please try again.</p>;
  }
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <TextField
          id={`${slug}-title`}
          label="Title"
          value={title}
          onChange={setTitle}
          max={120}
          required
        />
        <TextField
          id={`${slug}-body`}
          label="Text"
          value={body}
          onChange={setBody}
          rows={14}
          hint="Plain text; a blank line starts a new paragraph."
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            disabled={save.isPending || !title.trim()}
            onClick={() =>
              save.mutate(
                { title, body },
                {
                  onSuccess: () => toast({ title: 'Page saved successfully', variant: 'default' }),
                  onError: (err) =>
                    toast({
                      title: 'Failed to save the page',
                      description: messageOf(err),
                      variant: 'destructive',
                    }),
                },
              )
            }
          >
            {save.isPending ? 'Saving...' : 'Save Page'}
          </Button>
          <a href={`/page/${slug}`} target="_blank" rel="noreferrer" className="underline">
            View page
          </a>
        </div>
      </CardContent>
    </Card>
  );
}
