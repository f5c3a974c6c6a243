import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../../../../core/api/admin-world-site.ts';
import { TextField } from '../../../components/text-field.tsx';

type SnippetKey = 'seoTitle' | 'seoDescription';

/** Whether a search snippet is over its limits (then the page cannot be saved). */
export const snippetTooLong = (v: Record<SnippetKey, string>): boolean =>
  v.seoTitle.length > SEO_TITLE_MAX || v.seoDescription.length > SEO_DESCRIPTION_MAX;

/**
 * The search snippet's two fields, 'SEO Title' and 'SEO Description', with their counters (the
 * site's SEO settings and the home page both have one).
 */
export function SeoSnippetFields({
  field,
}: {
  field: (key: SnippetKey) => { id: string; value: string; onChange: (value: string) => void };
}) {
  return (
    <>
      <TextField {...field('seoTitle')} label="SEO Title" max={SEO_TITLE_MAX} />
      <TextField
        {...field('seoDescription')}
        label="SEO Description"
        rows={3}
        max={SEO_DESCRIPTION_MAX}
      />
    </>
  );
}
