import type { SceneFormValues } from '../../../core/api/admin-scenes-form.ts';
import { Button } from '../../components/ui/button.tsx';
import type { LocalDraft } from './use-local-draft.ts';

/**
 * 'An unsaved draft of this scene is kept in this browser': shown when the editor opens and a
 * draft that differs from the saved scene is found, with Restore and Discard.
 */
export function DraftBanner({
  draft,
  current,
  onRestore,
  onDiscard,
}: {
  draft: LocalDraft;
  current: SceneFormValues;
  onRestore: (d: LocalDraft) => void;
  onDiscard: () => void;
}) {
  if (JSON.stringify(draft.values) === JSON.stringify(current)) return null;
  const when = new Date(draft.savedAt).toLocaleString();
  return (
    <section
      aria-label="Unsaved draft"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-primary p-3"
    >
      <p className="flex-1 text-lg">
        An unsaved draft of this scene from {when} is kept in this browser.
      </p>
      <Button type="button" size="sm" onClick={() => onRestore(draft)}>
        Restore draft
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
        Discard draft
      </Button>
    </section>
  );
}
