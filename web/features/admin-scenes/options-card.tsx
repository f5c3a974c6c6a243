import { ArrowDown, ArrowUp, Pencil, Plus, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import type { OptionFormValues, SceneFormValues } from '../../../core/api/admin-scenes-form.ts';
import { placeholderName } from '../../../core/api/admin-scenes-links.ts';
import { STAT_LABELS } from '../../../core/game/stats.ts';
import { STAT_KEYS } from '../../../core/game/stats.types.ts';
import { IconButton } from '../../components/icon-button.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { OptionDialog } from './option-dialog.tsx';

const signed = (n: string) => (Number(n) > 0 ? `+${Number(n)}` : String(Number(n)));

/** What an option does and needs, in one line ('Budget −3 · needs Knowledge 20, Card'). */
function optionEffects(o: OptionFormValues): string {
  const does = STAT_KEYS.filter((k) => o.changes[k].trim() !== '').map(
    (k) => `${STAT_LABELS[k]} ${signed(o.changes[k])}`,
  );
  if (o.addInventory.trim()) does.push(`gets ${o.addInventory.trim()}`);
  if (o.removeInventory.trim()) does.push(`loses ${o.removeInventory.trim()}`);
  const needs = STAT_KEYS.filter((k) => o.required[k].trim() !== '').map(
    (k) => `${STAT_LABELS[k]} ${Number(o.required[k])}`,
  );
  if (o.requiredItems.trim()) needs.push(o.requiredItems.trim());
  return [
    does.length ? does.join(', ') : 'Budget −5 (no changes set)',
    needs.length ? `needs ${needs.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Where an option leads, as the list shows it: a placeholder by its name, without 'pending-'. */
export function destinationOf(o: OptionFormValues): string {
  if (o.destinationType === 'url') return o.nextUrl;
  if (o.isPending || o.isPlaceholder)
    return `${placeholderName(o.nextSceneId, [o.text])} (not yet written)`;
  return o.nextSceneTitle ?? o.nextSceneId;
}

/**
 * 'Scene Options': the scene's options as part of its form (added, edited, reordered and removed
 * here, saved with the scene). Each shows what it does and needs; a placeholder offers 'Create
 * Scene' with its label as title, and a link to a scene that does not exist is marked broken.
 */
export function OptionsCard({
  saved,
  sceneId,
  onCreateScene,
}: {
  saved: boolean;
  /** The saved scene's id: 'Create Scene' passes it on, so 'Save & Return' comes back here. */
  sceneId?: string | null;
  /** 'Create Scene' of a placeholder: its pending id and its name (the author's wording). */
  onCreateScene?: (pendingId: string, name: string) => void;
}) {
  const { control, formState, getValues } = useFormContext<SceneFormValues>();
  const { fields, append, update, remove, insert, move } = useFieldArray({
    control,
    name: 'options',
    keyName: 'fieldKey',
  });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removed, setRemoved] = useState<{ at: number; option: OptionFormValues } | null>(null);
  const listError = formState.errors.options;

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Scene Options</CardTitle>
        <Button type="button" size="sm" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" /> Add Option
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        {removed && (
          <p role="status" className="flex flex-wrap items-center gap-2 text-lg">
            Removed option '{removed.option.text}' (until you save the scene).
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                insert(Math.min(removed.at, fields.length), removed.option);
                setRemoved(null);
              }}
            >
              Undo
            </Button>
          </p>
        )}
        {fields.length === 0 ? (
          <p className="text-lg text-muted-foreground">
            No options yet{saved ? '' : '; they are saved with the scene'}.
          </p>
        ) : (
          <ol className="grid gap-2" aria-label="Options of this scene">
            {fields.map((o, i) => {
              const invalid = Array.isArray(listError) && listError[i];
              const name = placeholderName(o.nextSceneId, [o.text]);
              return (
                <li
                  key={o.fieldKey}
                  className="flex flex-wrap items-center gap-2 rounded border border-border p-3"
                >
                  <div className="min-w-0 flex-1 basis-56">
                    {/* Numbered, so 'Option 5' in a message can be found. */}
                    <p className="text-lg">
                      <span className="text-muted-foreground">Option {i + 1}: </span>
                      <span>{o.text}</span>
                    </p>
                    {o.why.trim() ? (
                      <p className="text-base">
                        <span className="text-muted-foreground">Why: </span>
                        {o.why.trim()}
                      </p>
                    ) : (
                      <p className="text-base text-muted-foreground">
                        No why line: players see only the changes.
                      </p>
                    )}
                    <p className="text-base text-muted-foreground">→ {destinationOf(o)}</p>
                    <p className="text-base text-muted-foreground">{optionEffects(o)}</p>
                    {o.isBroken && (
                      <p className="flex items-center gap-1 text-base text-destructive">
                        <TriangleAlert className="size-4" aria-hidden="true" />
                        Broken link: no scene has the ID '{o.nextSceneId}'. The scene still saves,
                        but players who pick it cannot go on.
                      </p>
                    )}
                    {invalid && (
                      <p className="text-base text-destructive">
                        This option needs fixing: open it to see what.
                      </p>
                    )}
                  </div>
                  {o.isBroken && <Badge variant="destructive">Broken</Badge>}
                  {o.isPending && o.nextSceneId && onCreateScene && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={`Create Scene ${name}`}
                      onClick={() => onCreateScene(o.nextSceneId, name)}
                    >
                      Create Scene
                    </Button>
                  )}
                  {o.isPending && o.nextSceneId && !onCreateScene && (
                    <Link
                      to={`/admin/scenes/new?id=${encodeURIComponent(o.nextSceneId)}&title=${encodeURIComponent(name)}${sceneId ? `&from=${encodeURIComponent(sceneId)}` : ''}`}
                      className={buttonVariants({ variant: 'outline', size: 'sm' })}
                    >
                      Create Scene
                    </Link>
                  )}
                  <div className="flex">
                    <IconButton
                      icon={ArrowUp}
                      label={`Move option ${o.text} up`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    />
                    <IconButton
                      icon={ArrowDown}
                      label={`Move option ${o.text} down`}
                      disabled={i === fields.length - 1}
                      onClick={() => move(i, i + 1)}
                    />
                    <IconButton
                      icon={Pencil}
                      label={`Edit option ${o.text}`}
                      onClick={() => setEditing(i)}
                    />
                    <IconButton
                      icon={Trash2}
                      label={`Remove option ${o.text}`}
                      onClick={() => {
                        setRemoved({ at: i, option: stripKey(o) });
                        remove(i);
                      }}
                    />
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
      {editing !== null && (
        <OptionDialog
          sceneId={getValues('id')}
          option={
            editing === 'new'
              ? null
              : stripKey(fields[editing] as OptionFormValues & { fieldKey: string })
          }
          onClose={() => setEditing(null)}
          onSave={(values) => {
            // A changed destination is checked again by the server on save.
            const next = { ...values, isBroken: false };
            if (editing === 'new') append(next);
            else update(editing, next);
            setEditing(null);
          }}
        />
      )}
    </Card>
  );
}

function stripKey(o: OptionFormValues & { fieldKey?: string }): OptionFormValues {
  const { fieldKey: _, ...rest } = o;
  return rest;
}
