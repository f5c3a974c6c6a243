import { Link } from 'react-router';
import type { HomeContentValue, PageResponse } from '../../../core/api/admin-world-site.ts';
import { HistoryButton } from '../../components/history/history-button.tsx';
import { SaveButton } from '../../components/save-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { Alert, AlertDescription } from '../../components/ui/alert.tsx';
import { SectionCard } from '../../components/ui/card.tsx';
import { messageOf } from '../../features/admin-world/components/admin-page.tsx';
import {
  SeoSnippetFields,
  snippetTooLong,
} from '../../features/admin-world/components/seo-snippet-fields.tsx';
import { useDocumentForm } from '../../features/admin-world/hooks/use-document-form.ts';

const EMPTY: HomeContentValue = {
  title: '',
  subtitle: '',
  description: '',
  buttonText: '',
  seoTitle: '',
  seoDescription: '',
};

function contentOf(page: PageResponse): HomeContentValue {
  const c = page.content;
  const s = (k: keyof HomeContentValue) => (typeof c[k] === 'string' ? (c[k] as string) : '');
  return {
    title: s('title'),
    subtitle: s('subtitle'),
    description: s('description'),
    buttonText: s('buttonText'),
    seoTitle: s('seoTitle'),
    seoDescription: s('seoDescription'),
  };
}

/** /admin/homepage-editor (product rules "Screens", "Content" pages 'home', "Messages" 'Homepage / SEO'). */
export function Component() {
  const doc = useDocumentForm('/api/admin/pages/home', {
    initial: EMPTY,
    idPrefix: 'home',
    fromStored: contentOf,
    loadError: 'Failed to load homepage content',
  });
  const form = doc.values;
  const tooLong = snippetTooLong(form);

  const onSave = () =>
    doc.saveForm({ title: 'Homepage content and SEO settings saved successfully' }, (err) => ({
      title: messageOf(err) || 'Failed to save homepage content. Please try again.',
    }));

  return (
    <div className="flex flex-col gap-5">
      <nav aria-label="Breadcrumb" className="text-lg text-muted-foreground">
        <ol className="flex gap-2">
          <li>
            <Link to="/admin" className="underline underline-offset-4">
              Admin
            </Link>
          </li>
          <li aria-hidden="true">&gt;</li>
          <li aria-current="page">Homepage Editor</li>
        </ol>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-retro text-4xl leading-tight text-glow sm:text-5xl">Homepage Editor</h1>
        <div className="flex flex-wrap gap-2">
          <HistoryButton kind="document" itemId="pages/home" itemName="Homepage" />
          <SaveButton
            onClick={onSave}
            saving={doc.save.isPending}
            disabled={!doc.query.isSuccess || tooLong}
            label="Save Changes"
          />
        </div>
      </div>
      {doc.query.isPending ? (
        <p className="text-xl">Loading...</p>
      ) : doc.query.isError ? (
        <Alert variant="destructive">
          <AlertDescription>Failed to load homepage content. Please try again.</AlertDescription>
        </Alert>
      ) : (
        <div className="grid gap-5 lg:grid-cols-2">
          <SectionCard title="Start Screen" className="grid gap-4">
            <TextField {...doc.field('title')} label="Title" max={120} />
            <TextField {...doc.field('subtitle')} label="Subtitle" max={200} />
            <TextField {...doc.field('description')} label="Description" rows={4} max={1000} />
            <TextField {...doc.field('buttonText')} label="Button Text" max={60} />
          </SectionCard>
          <SectionCard title="Search Snippet" className="grid gap-4">
            <SeoSnippetFields field={doc.field} />
          </SectionCard>
        </div>
      )}
    </div>
  );
}
