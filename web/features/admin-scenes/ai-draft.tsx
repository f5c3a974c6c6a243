import { Sparkles, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { AiSceneDraft } from '../../../core/api/admin-scenes.ts';
import { partialDraftText } from '../../../core/api/admin-scenes-ai.ts';
import { type OptionFormValues, optionFormOf } from '../../../core/api/admin-scenes-form.ts';
import { STAT_KEYS } from '../../../core/game/stats.types.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../lib/toast.ts';
import { useAiStatus } from './api/get-ai-status.ts';
import { streamDraft } from './api/stream-draft.ts';

/** A draft option as the option dialog edits it: a placeholder link the server normalises. */
function draftOptionForm(o: AiSceneDraft['options'][number]): OptionFormValues {
  const form = optionFormOf(null);
  for (const k of STAT_KEYS) {
    const v = o.statChanges[k];
    if (typeof v === 'number') form.changes[k] = String(v);
  }
  const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '');
  return {
    ...form,
    text: o.text,
    why: o.why ?? '',
    nextSceneId: o.nextSceneId || o.text,
    isPlaceholder: true,
    isPending: true,
    addInventory: list(o.statChanges.addInventory),
    removeInventory: list(o.statChanges.removeInventory),
  };
}

/**
 * 'Generate with AI (4 options)' (product rules "Screens", "Validation" rules 'AI generation'): the server asks the
 * configured provider and streams the text as it is written, shown here as it arrives, with
 * Cancel; the admin reviews the finished draft and takes it into the form (saved with the scene).
 */
export function AiDraft({
  title,
  instructions,
  onUse,
}: {
  title: string;
  instructions: string;
  onUse: (description: string, options: OptionFormValues[]) => void;
}) {
  const status = useAiStatus();
  const [running, setRunning] = useState<AbortController | null>(null);
  const [streamed, setStreamed] = useState('');
  const [cancelled, setCancelled] = useState(false);
  const [draft, setDraft] = useState<AiSceneDraft | null>(null);
  const configured = status.data?.configured ?? false;
  const busy = running !== null;
  // A draft still streaming when the editor closes is cancelled with it.
  useEffect(() => () => running?.abort(), [running]);

  const generate = async () => {
    if (!title.trim())
      return void toast({ title: 'Please enter a scene title first', variant: 'destructive' });
    const controller = new AbortController();
    setRunning(controller);
    setStreamed('');
    setCancelled(false);
    setDraft(null);
    try {
      setDraft(
        await streamDraft(
          { title, instructions },
          (text) => setStreamed((s) => s + text),
          controller.signal,
        ),
      );
    } catch (err) {
      if (controller.signal.aborted) setCancelled(true);
      else {
        // The server's words say what went wrong; the title is not repeated as its own description.
        const message = err instanceof Error ? err.message : '';
        toast({
          title: 'Failed to generate content',
          description: message && message !== 'Failed to generate content' ? message : undefined,
          variant: 'destructive',
        });
      }
    } finally {
      setRunning(null);
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={generate} disabled={!configured || busy}>
          <Sparkles aria-hidden="true" className={busy ? 'animate-pulse' : undefined} />
          {busy ? 'Generating...' : 'Generate with AI (4 options)'}
        </Button>
        {status.isSuccess && !configured && (
          <p className="text-base text-muted-foreground">
            To use it, set AI_API_KEY (and, for another provider, AI_BASE_URL and AI_MODEL) in the
            server's environment and restart it.
          </p>
        )}
        {busy && (
          <Button type="button" variant="outline" onClick={() => running?.abort()}>
            <X aria-hidden="true" /> Cancel
          </Button>
        )}
        {busy && (
          <p role="status" className="text-base text-muted-foreground">
            {streamed ? `${status.data?.model} is writing…` : `Asking ${status.data?.model}…`}
          </p>
        )}
        {cancelled && (
          <p role="status" className="text-base text-muted-foreground">
            Cancelled: nothing was changed.
          </p>
        )}
      </div>
      {busy && streamed && (
        <section
          aria-label="AI draft so far"
          aria-busy="true"
          className="max-h-64 overflow-y-auto rounded border border-dashed border-primary p-3"
        >
          <p className="text-lg whitespace-pre-line">{partialDraftText(streamed)}</p>
        </section>
      )}
      {draft && (
        <section className="grid gap-2 rounded border border-primary p-3" aria-label="AI draft">
          <p className="text-lg whitespace-pre-line">{draft.description}</p>
          <ol className="list-decimal pl-6 text-lg">
            {draft.options.map((o) => (
              <li key={o.text}>{o.text}</li>
            ))}
          </ol>
          <div className="flex gap-2">
            <Button
              type="button"
              size="sm"
              onClick={() => {
                onUse(draft.description, draft.options.map(draftOptionForm));
                setDraft(null);
              }}
            >
              Use Draft
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setDraft(null)}>
              Discard
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
