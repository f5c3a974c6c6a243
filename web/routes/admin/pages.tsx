import {
  FOOTER_PAGE_SLUGS,
  FOOTER_PAGE_TITLES,
  type FooterPageContent,
  type FooterPageSlug,
  type PageResponse,
} from '../../../core/api/admin-world-site.ts';
import { HistoryButton } from '../../components/history/history-button.tsx';
import { SaveButton } from '../../components/save-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { AdminPage, messageOf } from '../../features/admin-world/components/admin-page.tsx';
import { useDocumentForm } from '../../features/admin-world/hooks/use-document-form.ts';
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
  const { query, save, values, field } = useDocumentForm<FooterPageContent, PageResponse>(
    `/api/admin/pages/${slug}`,
    {
      initial: { title: '', body: '' },
      idPrefix: slug,
      fromStored: ({ content: c }) => ({
        title: typeof c.title === 'string' ? c.title : FOOTER_PAGE_TITLES[slug],
        body: typeof c.body === 'string' ? c.body : '',
      }),
    },
  );
  const { title, body } = values;

  if (query.isPending) return <p className="text-xl">Loading...</p>;
  if (query.isError) {
    return <p className="text-xl text-destructive">Failed to load the page. Please try again.</p>;
  }
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <TextField {...field('title')} label="Title" max={120} required />
        <TextField
          {...field('body')}
          label="Text"
          rows={14}
          hint="Plain text; a blank line starts a new paragraph."
        />
        <div className="flex flex-wrap items-center gap-3">
          <HistoryButton
            kind="document"
            itemId={`pages/${slug}`}
            itemName={FOOTER_PAGE_TITLES[slug]}
          />
          <SaveButton
            saving={save.isPending}
            disabled={!title.trim()}
            label="Save Page"
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
          />
          <a href={`/page/${slug}`} target="_blank" rel="noreferrer" className="underline">
            View page
          </a>
        </div>
      </CardContent>
    </Card>
  );
}
