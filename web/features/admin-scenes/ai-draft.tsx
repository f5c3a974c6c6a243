import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { OptionInput } from '../../../core/api/admin-scene-options.ts';
import type { AiSceneDraft, AiStatus } from '../../../core/api/admin-scenes.ts';
import { STAT_KEYS } from '../../../core/game/stats.types.ts';
import { Button } from '../../components/ui/button.tsx';
import { apiFetch } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

/** A draft option as the option API takes it: a placeholder link the server normalises. */
function toOptionInput(o: AiSceneDraft['options'][number]): OptionInput {
  const statChanges: OptionInput['statChanges'] = {};
  for (const k of STAT_KEYS) {
    const v = o.statChanges[k];
    if (typeof v === 'number') statChanges[k] = v;
  }
  for (const k of ['addInventory', 'removeInventory'] as const) {
    const v = o.statChanges[k];
    if (Array.isArray(v)) statChanges[k] = v;
  }
  return {
    text: o.text,
    destinationType: 'scene',
    nextSceneId: o.nextSceneId || o.text,
    isPlaceholder: true,
    statChanges,
  };
}

/**
 * 'Generate with AI (4 options)' (spec §2, §5 'AI generation'): the server asks the configured
 * provider; the admin reviews the draft and takes it into the form (saved with the scene).
 */
export function AiDraft({
  title,
  instructions,
  onUse,
}: {
  title: string;
  instructions: string;
  onUse: (description: string, options: OptionInput[]) => void;
}) {
  const status = useQuery({
    queryKey: ['admin', 'ai', 'status'],
    queryFn: ({ signal }) => apiFetch<AiStatus>('/api/admin/ai/status', { signal }),
  });
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<AiSceneDraft | null>(null);
  const configured = status.data?.configured ?? false;

  const generate = async () => {
    if (!title.trim())
      return void toast({ title: 'Please enter a scene title first', variant: 'destructive' });
    setBusy(true);
    try {
      setDraft(
        await apiFetch<AiSceneDraft>('/api/admin/ai/scene', { body: { title, instructions } }),
      );
    } catch (err) {
      toast({
        title: 'Failed to generate content',
        description: err instanceof Error ? err.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
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
          <p role="status" className="text-base text-muted-foreground">
            Asking {status.data?.model}…
          </p>
        )}
      </div>
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
                onUse(draft.description, draft.options.map(toOptionInput));
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
