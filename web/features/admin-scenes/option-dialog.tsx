import { type FormEvent, useState } from 'react';
import {
  type AdminOption,
  OPTION_MESSAGES,
  type OptionInput,
} from '../../../core/api/admin-scene-options.ts';
import { STAT_LABELS } from '../../../core/game/stats.ts';
import { STAT_KEYS, type StatKey } from '../../../core/game/stats.types.ts';
import { Button } from '../../components/ui/button.tsx';
import { DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { TextField } from '../admin-world/components/text-field.tsx';
import { useSceneList } from './api.ts';

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

type Field = 'text' | 'next' | 'url';

/** The field a server message is about, so it shows under that field. */
export function fieldOf(message: string): Field | null {
  if (message === OPTION_MESSAGES.textRequired) return 'text';
  if (message === OPTION_MESSAGES.nextRequired) return 'next';
  if (message === OPTION_MESSAGES.urlRequired || message === OPTION_MESSAGES.urlFormat)
    return 'url';
  return null;
}

/**
 * The option dialog (spec §2 'Option dialog', §5 'Option (admin)'): text, Next Scene (a searched
 * existing scene, or 'Add New Scene Later' for a placeholder) or External URL, the seven stat
 * changes and inventory, and what the option requires (minimum stats, items: players who lack
 * them see it locked with the reason). Missing text or destination is shown under its field in
 * the spec's words and keeps Save disabled; the server checks everything again, and its message
 * (`serverError`) is shown under the field it names.
 */
export function OptionForm({
  option,
  saving,
  onSave,
  serverError = null,
}: {
  option: AdminOption | null;
  saving: boolean;
  onSave: (input: OptionInput) => void;
  serverError?: string | null;
}) {
  const [text, setText] = useState(option?.text ?? '');
  const [destination, setDestination] = useState<'scene' | 'url'>(
    option?.nextUrl ? 'url' : 'scene',
  );
  const [placeholder, setPlaceholder] = useState(option?.isPending ?? false);
  const [next, setNext] = useState(option?.nextSceneId ?? '');
  const [url, setUrl] = useState(option?.nextUrl ?? '');
  const [changes, setChanges] = useState<Record<StatKey, string>>(
    () =>
      Object.fromEntries(
        STAT_KEYS.map((k) => [
          k,
          option?.statChanges[k] === undefined ? '' : String(option.statChanges[k]),
        ]),
      ) as Record<StatKey, string>,
  );
  const [add, setAdd] = useState(option?.statChanges.addInventory?.join(', ') ?? '');
  const [remove, setRemove] = useState(option?.statChanges.removeInventory?.join(', ') ?? '');
  const [required, setRequired] = useState<Record<StatKey, string>>(
    () =>
      Object.fromEntries(
        STAT_KEYS.map((k) => [
          k,
          option?.requiredStats?.[k] === undefined ? '' : String(option.requiredStats[k]),
        ]),
      ) as Record<StatKey, string>,
  );
  const [items, setItems] = useState(option?.requiredItems?.join(', ') ?? '');
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const touch = (f: Field) => () => setTouched((t) => ({ ...t, [f]: true }));
  const errors: Partial<Record<Field, string>> = {};
  if (!text.trim()) errors.text = OPTION_MESSAGES.textRequired;
  if (destination === 'url' && !url.trim()) errors.url = OPTION_MESSAGES.urlRequired;
  if (destination === 'scene' && !next.trim()) errors.next = OPTION_MESSAGES.nextRequired;
  const serverField = serverError ? fieldOf(serverError) : null;
  const shown = (f: Field) =>
    (touched[f] ? errors[f] : undefined) ?? (serverField === f ? serverError : null);
  const requiredError = STAT_KEYS.find((k) => {
    const v = required[k].trim();
    return v !== '' && !(Number.isFinite(Number(v)) && Number(v) >= 0);
  });
  const search = useSceneList(placeholder || destination === 'url' ? '' : next.trim(), 1);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const statChanges: OptionInput['statChanges'] = {};
    for (const k of STAT_KEYS) {
      const n = Number.parseFloat(changes[k]);
      if (Number.isFinite(n)) statChanges[k] = n;
    }
    if (list(add).length) statChanges.addInventory = list(add);
    if (list(remove).length) statChanges.removeInventory = list(remove);
    const requiredStats: Partial<Record<StatKey, number>> = {};
    for (const k of STAT_KEYS) {
      if (required[k].trim() !== '') requiredStats[k] = Number(required[k]);
    }
    onSave({
      text,
      destinationType: destination,
      nextSceneId: destination === 'scene' ? next : '',
      isPlaceholder: destination === 'scene' && placeholder,
      nextUrl: destination === 'url' ? url : '',
      statChanges,
      requiredStats: Object.keys(requiredStats).length ? requiredStats : null,
      requiredItems: list(items).length ? list(items) : null,
    });
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{option ? 'Edit Option' : 'Add Option'}</DialogTitle>
      </DialogHeader>
      <TextField
        id="opt-text"
        label="Option Text"
        value={text}
        onChange={setText}
        onBlur={touch('text')}
        error={shown('text')}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-lg">Destination</legend>
        <div className="flex gap-4">
          {(
            [
              ['scene', 'Next Scene'],
              ['url', 'External URL'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-lg">
              <input
                type="radio"
                name="destination"
                checked={destination === value}
                onChange={() => setDestination(value)}
                className="size-4 accent-[var(--primary)]"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {destination === 'url' ? (
        <TextField
          id="opt-url"
          label="URL"
          value={url}
          onChange={setUrl}
          onBlur={touch('url')}
          error={shown('url')}
          type="url"
          hint="https://..."
        />
      ) : (
        <div className="grid gap-2">
          <TextField
            id="opt-next"
            label={placeholder ? 'New Scene Name' : 'Destination Scene'}
            value={next}
            onChange={setNext}
            onBlur={touch('next')}
            error={shown('next')}
            hint={
              placeholder
                ? 'Saved as a pending-… placeholder until that scene is written.'
                : 'Type to search scenes by title, description or ID.'
            }
          />
          {!placeholder && next.trim() && (search.data?.scenes.length ?? 0) > 0 && (
            <ul
              className="max-h-40 overflow-y-auto rounded border border-border"
              aria-label="Matching scenes"
            >
              {search.data?.scenes.slice(0, 8).map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    className="w-full cursor-pointer px-3 py-1 text-left text-lg hover:bg-accent"
                    onClick={() => setNext(s.id)}
                  >
                    {s.title} <span className="text-muted-foreground">({s.id})</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Button
            type="button"
            variant="link"
            className="justify-self-start px-0"
            onClick={() => setPlaceholder((p) => !p)}
          >
            {placeholder ? 'Choose Existing' : 'Add New Scene Later'}
          </Button>
        </div>
      )}
      <fieldset>
        <legend className="mb-2 text-lg">Stat Changes</legend>
        <StatInputs idPrefix="opt" values={changes} onChange={setChanges} />
        <p className="mt-2 text-base text-muted-foreground">
          Without any change, or without a Budget change, a choice costs 5 Budget.
        </p>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="opt-add"
          label="Add to Inventory"
          value={add}
          onChange={setAdd}
          hint="Comma-separated"
        />
        <TextField
          id="opt-remove"
          label="Remove from Inventory"
          value={remove}
          onChange={setRemove}
          hint="Comma-separated"
        />
      </div>
      <fieldset>
        <legend className="mb-2 text-lg">Requirements</legend>
        <p className="mb-2 text-base text-muted-foreground">
          Players below a minimum, or without an item, see this option locked with the reason.
        </p>
        <StatInputs
          idPrefix="opt-req"
          label="Min "
          values={required}
          onChange={setRequired}
          invalid={requiredError}
        />
        {requiredError && (
          <p className="mt-2 text-base text-destructive">
            Min {STAT_LABELS[requiredError]} must be a number of at least 0
          </p>
        )}
        <div className="mt-3">
          <TextField
            id="opt-items"
            label="Required Items"
            value={items}
            onChange={setItems}
            hint="Comma-separated; the player must hold every one"
          />
        </div>
      </fieldset>
      {serverError && !serverField && (
        <p role="alert" className="text-base text-destructive">
          {serverError}
        </p>
      )}
      <DialogFooter>
        <Button
          type="submit"
          disabled={saving || Object.keys(errors).length > 0 || Boolean(requiredError)}
        >
          {saving ? 'Saving...' : 'Save Option'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** One number box per stat (the seven of spec §3), labelled '{label}{stat name}'. */
function StatInputs({
  idPrefix,
  label = '',
  values,
  onChange,
  invalid,
}: {
  idPrefix: string;
  label?: string;
  values: Record<StatKey, string>;
  onChange: (update: (v: Record<StatKey, string>) => Record<StatKey, string>) => void;
  invalid?: StatKey;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {STAT_KEYS.map((k) => (
        <div key={k} className="grid gap-1">
          <Label htmlFor={`${idPrefix}-${k}`}>
            {label}
            {STAT_LABELS[k]}
          </Label>
          <input
            id={`${idPrefix}-${k}`}
            inputMode="numeric"
            value={values[k]}
            aria-invalid={invalid === k || undefined}
            onChange={(e) => onChange((v) => ({ ...v, [k]: e.target.value }))}
            className="h-10 rounded-md border border-input bg-background px-3 text-lg"
          />
        </div>
      ))}
    </div>
  );
}
