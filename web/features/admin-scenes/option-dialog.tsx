import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import {
  type OptionFormValues,
  optionFormOf,
  optionFormSchema,
} from '../../../core/api/admin-scenes-form.ts';
import { OPTION_WHY_MAX } from '../../../core/content/scenes.ts';
import { STAT_LABELS } from '../../../core/game/stats.ts';
import { STAT_KEYS } from '../../../core/game/stats.types.ts';
import { FieldNotes } from '../../components/text-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { sceneExists, useSceneList } from './api/scenes.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * The option dialog (product rules "Screens" 'Option dialog', "Validation" rules 'Option (admin)'), editing one option of the
 * scene's form: nothing reaches the server until the scene is saved. Errors show under their
 * field in the spec's words; closing with changes asks first.
 */
export function OptionDialog({
  option,
  sceneId = '',
  onSave,
  onClose,
}: {
  /** The option to edit, or null for a new one; the dialog is open while this component is. */
  option: OptionFormValues | null;
  /** The ID of the scene being edited: an option may lead back to it before its first save. */
  sceneId?: string;
  onSave: (values: OptionFormValues) => void;
  onClose: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const form = useForm<OptionFormValues>({
    resolver: zodResolver(optionFormSchema),
    defaultValues: option ?? optionFormOf(null),
    mode: 'onTouched',
  });
  const { register, watch, setValue, formState } = form;
  const e = formState.errors;
  // Read during render: react-hook-form only tracks the form-state fields a render reads.
  const dirty = formState.isDirty;
  const destination = watch('destinationType');
  const placeholder = watch('isPlaceholder');
  const next = watch('nextSceneId');
  const why = watch('why') ?? '';
  const search = useSceneList(placeholder || destination === 'url' ? '' : next.trim(), 1);
  const close = () => (dirty ? setAsking(true) : onClose());

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-2xl">
        <form
          className="grid min-w-0 gap-4"
          noValidate
          onSubmit={(ev) => {
            // The dialog is portalled, but React still bubbles its submit to the scene form.
            ev.stopPropagation();
            void form.handleSubmit(async (v) => {
              // A typo'd ID would only fail the whole scene's save later, far from this field.
              const id = v.nextSceneId.trim();
              const linksScene = v.destinationType === 'scene' && !v.isPlaceholder;
              const listed = id === sceneId.trim() || search.data?.scenes?.some((s) => s.id === id);
              if (linksScene && !listed && !(await sceneExists(id))) {
                form.setError(
                  'nextSceneId',
                  { message: `No scene has the ID '${id}'. ${PICK_OR_LATER}` },
                  { shouldFocus: true },
                );
                return;
              }
              onSave(v);
            })(ev);
          }}
        >
          <DialogHeader>
            <DialogTitle>{option ? 'Edit Option' : 'Add Option'}</DialogTitle>
          </DialogHeader>
          <Field id="opt-text" label="Option Text" error={e.text}>
            <Input id="opt-text" {...aria('opt-text', e.text)} {...register('text')} />
          </Field>
          <Field
            id="opt-why"
            label="Why it helps or hurts"
            count={`${why.length}/${OPTION_WHY_MAX}`}
            over={why.trim().length > OPTION_WHY_MAX}
            error={e.why}
            hint="One sentence players read with the change line after choosing this option, right or wrong."
          >
            <Textarea
              id="opt-why"
              rows={2}
              {...aria('opt-why', e.why, true, true)}
              {...register('why')}
            />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-lg">Destination</legend>
            <div className="flex flex-wrap gap-4">
              {(
                [
                  ['scene', 'Next Scene'],
                  ['url', 'External URL'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-lg">
                  <input
                    type="radio"
                    value={value}
                    {...register('destinationType')}
                    className="size-4 accent-[var(--primary)]"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {destination === 'url' ? (
            <Field id="opt-url" label="URL" error={e.nextUrl} hint="https://...">
              <Input
                id="opt-url"
                type="url"
                {...aria('opt-url', e.nextUrl)}
                {...register('nextUrl')}
              />
            </Field>
          ) : (
            <div className="grid gap-2">
              <Field
                id="opt-next"
                label={placeholder ? 'New Scene Name' : 'Destination Scene'}
                error={e.nextSceneId}
                hint={
                  placeholder
                    ? 'Saved as a pending-… placeholder until that scene is written.'
                    : 'Type to search scenes by title, description or ID.'
                }
              >
                <Input
                  id="opt-next"
                  autoComplete="off"
                  {...aria('opt-next', e.nextSceneId, true)}
                  {...register('nextSceneId')}
                />
              </Field>
              {!placeholder && next.trim() && (search.data?.scenes?.length ?? 0) > 0 && (
                <ul
                  className="max-h-40 overflow-y-auto rounded border border-border"
                  aria-label="Matching scenes"
                >
                  {search.data?.scenes?.slice(0, 8).map((s) => (
                    <li key={s.id}>
                      <button
                        type="button"
                        className="w-full cursor-pointer px-3 py-1 text-left text-lg hover:bg-accent"
                        onClick={() =>
                          setValue('nextSceneId', s.id, { shouldDirty: true, shouldValidate: true })
                        }
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
                onClick={() => setValue('isPlaceholder', !placeholder, { shouldDirty: true })}
              >
                {placeholder ? 'Choose Existing' : 'Add New Scene Later'}
              </Button>
            </div>
          )}
          <fieldset className="min-w-0">
            <legend className="mb-2 text-lg">Stat Changes</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {STAT_KEYS.map((k) => (
                <Field key={k} id={`opt-${k}`} label={STAT_LABELS[k]} error={e.changes?.[k]}>
                  <Input
                    id={`opt-${k}`}
                    inputMode="decimal"
                    className="w-full min-w-0"
                    {...aria(`opt-${k}`, e.changes?.[k])}
                    {...register(`changes.${k}`)}
                  />
                </Field>
              ))}
            </div>
            <p className="mt-2 text-base text-muted-foreground">
              Without any change, or without a Budget change, a choice costs 5 Budget.
            </p>
          </fieldset>
          <p className="text-base text-muted-foreground">
            Item names decide who sees them: <code className={ITEM_NAME}>Flag: …</code> is a story
            flag players never see (use it in Required Items to branch the story);{' '}
            <code className={ITEM_NAME}>Lesson: …</code> is a lesson: players see it in their stats
            the moment they learn it, and on the ending with its day;{' '}
            <code className={ITEM_NAME}>Bought: …</code> is listed on the ending as a purchase; any
            other name is an inventory item.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {(
              [
                ['opt-add', 'Add to Inventory', 'addInventory'],
                ['opt-remove', 'Remove from Inventory', 'removeInventory'],
              ] as const
            ).map(([id, label, name]) => (
              <Field key={id} id={id} label={label} hint="Comma-separated">
                <Input id={id} {...aria(id, undefined, true)} {...register(name)} />
              </Field>
            ))}
          </div>
          <fieldset className="min-w-0">
            <legend className="mb-2 text-lg">Requirements</legend>
            <p className="mb-2 text-base text-muted-foreground">
              Players below a minimum, or without an item, see this option locked with the reason.
              Players without a required <code className={ITEM_NAME}>Flag: …</code> item do not see
              the option at all.
            </p>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {STAT_KEYS.map((k) => (
                <Field
                  key={k}
                  id={`opt-req-${k}`}
                  label={`Min ${STAT_LABELS[k]}`}
                  error={e.required?.[k]}
                >
                  <Input
                    id={`opt-req-${k}`}
                    inputMode="decimal"
                    className="w-full min-w-0"
                    {...aria(`opt-req-${k}`, e.required?.[k])}
                    {...register(`required.${k}`)}
                  />
                </Field>
              ))}
            </div>
            <div className="mt-3">
              <Field
                id="opt-items"
                label="Required Items"
                hint="Comma-separated; the player must hold every one"
              >
                <Input
                  id="opt-items"
                  {...aria('opt-items', undefined, true)}
                  {...register('requiredItems')}
                />
              </Field>
            </div>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Save Option</Button>
          </DialogFooter>
        </form>
      </DialogContent>
      <ConfirmDialog
        open={asking}
        title="Discard this option?"
        stayLabel="Keep editing"
        goLabel="Discard changes"
        onStay={() => setAsking(false)}
        onGo={onClose}
      >
        The changes you typed in this option are not kept anywhere else.
      </ConfirmDialog>
    </Dialog>
  );
}

/** An item-name prefix in the help text: the text's own font (the browser's monospace is larger). */
const ITEM_NAME = '[font-family:inherit] text-foreground';

const PICK_OR_LATER =
  "Pick a scene from the list, or choose 'Add New Scene Later' to write it next.";

/** aria-invalid and aria-describedby for a field's input (its error, its hint, its count). */
function aria(id: string, error: FieldError | undefined, hint = false, count = false) {
  const ids = [error && `${id}-error`, hint && `${id}-hint`, count && `${id}-count`]
    .filter(Boolean)
    .join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}

function Field({
  id,
  label,
  error,
  hint,
  count,
  over = false,
  children,
}: {
  id: string;
  label: string;
  error?: FieldError;
  hint?: string;
  /** A live 'n/max' counter beside the label, red when `over` the limit. */
  count?: string;
  over?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      {count === undefined ? (
        <Label htmlFor={id}>{label}</Label>
      ) : (
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          <span id={`${id}-count`} className={over ? 'text-destructive' : 'text-muted-foreground'}>
            {count}
          </span>
        </div>
      )}
      {children}
      <FieldNotes id={id} error={error?.message} hint={hint} />
    </div>
  );
}
