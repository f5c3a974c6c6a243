import type { SceneWithOptions } from '../../../core/api/admin-scenes.ts';
import {
  changedFields,
  describeValue,
  SCENE_FIELD_LABELS,
  type SceneFormValues,
  sceneFormOf,
} from '../../../core/api/admin-scenes-form.ts';
import { Button } from '../../components/ui/button.tsx';

const clip = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}…` : s);

/**
 * A stale save (409): someone saved the scene after this editor loaded it. Lists what they
 * changed, with their value and the one in this editor, and offers 'Reload theirs' (mine kept
 * aside, see KeptChanges) or 'Keep mine' (save this editor over theirs).
 */
export function ConflictPanel({
  base,
  theirs,
  mine,
  saving,
  onReloadTheirs,
  onKeepMine,
}: {
  base: SceneWithOptions;
  theirs: SceneWithOptions;
  mine: SceneFormValues;
  saving: boolean;
  onReloadTheirs: () => void;
  onKeepMine: () => void;
}) {
  const theirForm = sceneFormOf(theirs);
  const changed = changedFields(sceneFormOf(base), theirForm);
  const mineChanged = new Set(changedFields(sceneFormOf(base), mine));
  return (
    <section
      role="alert"
      aria-labelledby="conflict-title"
      className="grid gap-3 rounded-lg border-2 border-destructive p-4"
    >
      <h2 id="conflict-title" className="text-2xl text-destructive">
        Someone else saved this scene after you opened it
      </h2>
      <p className="text-lg">
        Your changes are not saved yet.{' '}
        {changed.length > 0 ? 'What they changed:' : 'They changed nothing you can see here.'}
      </p>
      {changed.length > 0 && (
        <dl className="grid gap-2">
          {changed.map((k) => (
            <div key={k} className="grid gap-1 rounded border border-border p-2">
              <dt className="text-lg">{SCENE_FIELD_LABELS[k]}</dt>
              <dd className="text-base">
                <span className="text-muted-foreground">Theirs: </span>
                {clip(describeValue(k, theirForm))}
              </dd>
              <dd className="text-base">
                {mineChanged.has(k) ? (
                  <>
                    <span className="text-muted-foreground">Yours: </span>
                    {clip(describeValue(k, mine))}
                  </>
                ) : (
                  <span className="text-muted-foreground">
                    You did not change it: theirs stays with either choice.
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onReloadTheirs} disabled={saving}>
          Reload theirs
        </Button>
        <Button type="button" onClick={onKeepMine} disabled={saving}>
          Keep mine
        </Button>
        <p className="basis-full text-base text-muted-foreground">
          'Keep mine' saves your changes over theirs; fields you did not change keep their values.
          'Reload theirs' keeps your changes aside to put back.
        </p>
      </div>
    </section>
  );
}

/**
 * After 'Reload theirs': what the author had typed is kept here, with 'Put my changes back'
 * (their changes on top of the reloaded scene, not saved until Save), so reloading never loses it.
 */
export function KeptChanges({
  kept,
  onRestore,
  onDismiss,
}: {
  kept: SceneFormValues;
  onRestore: () => void;
  onDismiss: () => void;
}) {
  return (
    <section
      aria-labelledby="kept-title"
      className="grid gap-2 rounded-lg border-2 border-yellow-400 p-4"
    >
      <h2 id="kept-title" className="text-2xl">
        Their version is loaded. Your changes are kept here
      </h2>
      <label className="grid gap-1 text-lg">
        Your description (copy what you need)
        <textarea
          readOnly
          value={kept.description}
          rows={4}
          className="rounded border border-border bg-background p-2 text-base"
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={onRestore}>
          Put my changes back
        </Button>
        <Button type="button" variant="ghost" onClick={onDismiss}>
          Forget my changes
        </Button>
      </div>
    </section>
  );
}
