import { Play } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { STAT_LABELS } from '../../../core/game/stats.ts';
import { STAT_KEYS, type StatKey } from '../../../core/game/stats.types.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { usePlayFromHere } from './api.ts';

/** Longest item name and most items a play-test may start with (as an option's item lists). */
const ITEM_MAX = 100;
const ITEMS_MAX = 50;

/** The starting inventory: the ticked items, then the typed ones (comma-separated), once each. */
export function startingItems(ticked: readonly string[], typed: string): string[] {
  const all = [...ticked, ...typed.split(',').map((x) => x.trim())].filter(Boolean);
  return [...new Set(all)];
}

/** The items a scene's options require, once each in their order (offered as starting items). */
export function itemsNeeded(options: readonly { requiredItems: string[] | null }[]): string[] {
  return [...new Set(options.flatMap((o) => o.requiredItems ?? []))];
}

/** What is wrong with a starting inventory, or null. */
export function startingItemsError(items: readonly string[]): string | null {
  const long = items.find((i) => i.length > ITEM_MAX);
  if (long) return `“${long.slice(0, 20)}…” is longer than ${ITEM_MAX} characters`;
  if (items.length > ITEMS_MAX) return `At most ${ITEMS_MAX} items`;
  return null;
}

/**
 * 'Play from here': a button that opens a dialog to start a test game at `sceneId`.
 * Stats left blank take the scene's own values (its stats configuration, as a new game there
 * would get); filled ones override them. The inventory starts empty unless items are given:
 * `neededItems` (what this scene's options require) are offered as ticks, others can be typed,
 * so an option gated on an item or a 'Flag: …' can be tried from the editor. The test game
 * never touches the admin's real game.
 */
export function PlayFromHereButton({
  sceneId,
  sceneTitle,
  returnTo,
  neededItems = [],
  unsaved = false,
  beforeStart,
  size = 'default',
}: {
  sceneId: string;
  sceneTitle: string;
  returnTo: string;
  neededItems?: readonly string[];
  /** The editor has unsaved changes: they are saved (by `beforeStart`) before the test starts. */
  unsaved?: boolean;
  /** Runs before starting (the editor's save); false stops the start (the editor says why). */
  beforeStart?: () => Promise<boolean>;
  size?: 'default' | 'sm';
}) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Partial<Record<StatKey, string>>>({});
  const [ticked, setTicked] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [itemsError, setItemsError] = useState<string | null>(null);
  const start = usePlayFromHere();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React bubbles its submit to the scene editor's own form,
    // which then saved the scene on every start (even a refused one).
    event.stopPropagation();
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
    const inventory = startingItems(ticked, typed);
    const wrong = startingItemsError(inventory);
    setItemsError(wrong);
    if (wrong) return;
    if (beforeStart && !(await beforeStart())) return setOpen(false);
    start.mutate({
      sceneId,
      returnTo,
      ...(Object.keys(stats).length > 0 ? { stats } : {}),
      ...(inventory.length > 0 ? { inventory } : {}),
    });
  };
  const toggle = (item: string, on: boolean) =>
    setTicked((list) => (on ? [...list, item] : list.filter((i) => i !== item)));

  return (
    <>
      <Button type="button" variant="outline" size={size} onClick={() => setOpen(true)}>
        <Play aria-hidden="true" /> Play from here
      </Button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Play from “${sceneTitle}”`}
        description={`A test game that starts at this scene. Your own game is not touched. Leave a stat blank to use the scene’s value. Options that need an item show locked, and those that need a ‘Flag: …’ are hidden, unless you start with them below.${unsaved ? ' Your unsaved changes are saved first.' : ''}`}
        actions={
          <>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form="play-from-here" disabled={start.isPending}>
              <Play aria-hidden="true" />{' '}
              {start.isPending
                ? 'Starting…'
                : unsaved
                  ? 'Save and start test game'
                  : 'Start test game'}
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
          <fieldset className="col-span-2 flex min-w-0 flex-col gap-2">
            <legend className="mb-1 text-lg">Starting items</legend>
            {neededItems.length > 0 ? (
              <ul aria-label="Items this scene’s options need" className="flex flex-col gap-1">
                {neededItems.map((item) => (
                  <li key={item}>
                    <label className="flex items-center gap-2 text-lg">
                      <input
                        type="checkbox"
                        checked={ticked.includes(item)}
                        onChange={(e) => toggle(item, e.target.checked)}
                        className="size-4 accent-[var(--primary)]"
                      />
                      <span className="break-all">{item}</span>
                    </label>
                  </li>
                ))}
              </ul>
            ) : null}
            <Label htmlFor="pt-items">{neededItems.length > 0 ? 'Other items' : 'Items'}</Label>
            <Input
              id="pt-items"
              value={typed}
              placeholder="Map, Flag: Met Dex"
              aria-invalid={itemsError ? true : undefined}
              aria-describedby={itemsError ? 'pt-items-hint pt-items-error' : 'pt-items-hint'}
              onChange={(e) => setTyped(e.target.value)}
            />
            <p id="pt-items-hint" className="text-base text-muted-foreground">
              Comma-separated, named as in an option’s Required Items. Empty: no items.
            </p>
            {itemsError ? (
              <p id="pt-items-error" role="alert" className="text-destructive">
                {itemsError}
              </p>
            ) : null}
          </fieldset>
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
