import { Play } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { STAT_LABELS } from '../../../core/game/stats.ts';
import { STAT_KEYS, type StatKey } from '../../../core/game/stats.types.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { usePlayFromHere } from './api.ts';

/**
 * 'Play from here' (issue 8): a button that opens a dialog to start a test game at `sceneId`.
 * Stats left blank take the scene's own values (its stats configuration, as a new game there
 * would get); filled ones override them. The test game never touches the admin's real game.
 */
export function PlayFromHereButton({
  sceneId,
  sceneTitle,
  returnTo,
  size = 'default',
}: {
  sceneId: string;
  sceneTitle: string;
  returnTo: string;
  size?: 'default' | 'sm';
}) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Partial<Record<StatKey, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const start = usePlayFromHere();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const stats: Partial<Record<StatKey, number>> = {};
    for (const key of STAT_KEYS) {
      const raw = values[key]?.trim();
      if (!raw) continue;
      const n = Number(raw);
      if (!Number.isFinite(n) || n < 0) {
        setError(`${STAT_LABELS[key]} must be a number of at least 0`);
        return;
      }
      stats[key] = n;
    }
    setError(null);
    start.mutate({
      sceneId,
      returnTo,
      ...(Object.keys(stats).length > 0 ? { stats } : {}),
    });
  };

  return (
    <>
      <Button type="button" variant="outline" size={size} onClick={() => setOpen(true)}>
        <Play aria-hidden="true" /> Play from here
      </Button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Play from “${sceneTitle}”`}
        description="A test game that starts at this scene. Your own game is not touched. Leave a stat blank to use the scene’s value. It starts with an empty inventory: options that need an item show locked, and those that need a ‘Flag: …’ are not shown."
        actions={
          <>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form="play-from-here" disabled={start.isPending}>
              <Play aria-hidden="true" /> {start.isPending ? 'Starting…' : 'Start test game'}
            </Button>
          </>
        }
      >
        <form id="play-from-here" onSubmit={submit} className="grid grid-cols-2 gap-3">
          {STAT_KEYS.map((key) => (
            <div key={key} className="flex flex-col gap-1">
              <Label htmlFor={`pt-${key}`}>{STAT_LABELS[key]}</Label>
              <Input
                id={`pt-${key}`}
                inputMode="numeric"
                placeholder="scene’s value"
                value={values[key] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
              />
            </div>
          ))}
        </form>
        {error ? (
          <p role="alert" className="text-destructive">
            {error}
          </p>
        ) : null}
      </ModalDialog>
    </>
  );
}
