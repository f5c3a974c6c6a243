import { useEffect } from 'react';
import { useFormValues } from '../../../components/use-form-values.ts';
import { toast } from '../../../lib/toast.ts';
import { useAdminDocument } from '../api/documents.ts';

/** What a save's toast says: a title, and maybe more below it. */
type SaveMessage = { title: string; description?: string };

/**
 * The form of one admin document (SEO settings, home page, a footer page, font settings): its
 * values start at `initial`, are replaced by the stored ones when they arrive (through `fromStored`
 * where the stored shape differs), and `field(key)` gives a TextField's props with the id
 * `{idPrefix}-{key}`. `loadError` is shown as a toast when the document cannot be loaded. `saveForm(saved, failed)` saves
 * the values and says how it went: `saved`, or what `failed` makes of the error.
 */
export function useDocumentForm<T extends object, Stored = T>(
  path: string,
  {
    initial,
    idPrefix,
    fromStored = (stored) => stored as unknown as T,
    loadError,
  }: {
    initial: T;
    idPrefix: string;
    fromStored?: (stored: Stored) => T;
    loadError?: string;
  },
) {
  const { query, save } = useAdminDocument<Stored, T>(path);
  const form = useFormValues<T>(initial, idPrefix);
  const { setValues } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only new stored data replaces the form.
  useEffect(() => {
    if (query.data) setValues(fromStored(query.data));
  }, [query.data]);
  useEffect(() => {
    if (query.isError && loadError) toast({ title: loadError, variant: 'destructive' });
  }, [query.isError, loadError]);
  const saveForm = (saved: SaveMessage, failed: (err: unknown) => SaveMessage) =>
    save.mutate(form.values, {
      onSuccess: () => toast({ ...saved, variant: 'default' }),
      onError: (err) => toast({ ...failed(err), variant: 'destructive' }),
    });
  return { query, save, saveForm, ...form };
}
