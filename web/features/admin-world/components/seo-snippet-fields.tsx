import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../../../../core/api/admin-world-site.ts';
import { TextField } from '../../../components/text-field.tsx';

type SnippetKey = 'seoTitle' | 'seoDescription';

/** Whether a search snippet is over its limits (then the page cannot be saved). */
export const snippetTooLong = (v: Record<SnippetKey, string>): boolean =>
  v.seoTitle.length > SEO_TITLE_MAX || v.seoDescription.length > SEO_DESCRIPTION_MAX;

/** The server's message for a text over its limit, shown by the field while it is too long. */
function overLimit(label: string, value: string, max: number): string | null {
  if (value.length <= max) return null;
  return `${label} must be at most ${max} characters (now ${value.length})`;
}

/**
 * The search snippet's two fields, 'SEO Title' and 'SEO Description', with their counters (the
 * site's SEO settings and the home page both have one). A text over its limit says so under the
 * field, which is why the page's Save button is off.
 */
export function SeoSnippetFields({
  field,
}: {
  field: (key: SnippetKey) => {
    id: string;
    value: string;
    onChange: (value: string) => void;
    error?: string | null;
  };
}) {
  const title = field('seoTitle');
  const description = field('seoDescription');
  return (
    <>
      <TextField
        {...title}
        label="SEO Title"
        max={SEO_TITLE_MAX}
        error={overLimit('SEO title', title.value, SEO_TITLE_MAX) ?? title.error}
      />
      <TextField
        {...description}
        label="SEO Description"
        rows={3}
        max={SEO_DESCRIPTION_MAX}
        error={
          overLimit('SEO description', description.value, SEO_DESCRIPTION_MAX) ?? description.error
        }
      />
    </>
  );
}
