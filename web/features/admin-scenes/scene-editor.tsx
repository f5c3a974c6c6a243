import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { SceneConflict, SceneWithOptions } from '../../../core/api/admin-scenes.ts';
import {
  changedFields,
  keepMine,
  type OptionFormValues,
  type SceneFormValues,
  sceneFormOf,
  sceneFormSchema,
} from '../../../core/api/admin-scenes-form.ts';
import { SaveButton } from '../../components/save-button.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { failToast as fail, toast } from '../../lib/toast.ts';
import { AiDraft } from './ai-draft.tsx';
import { useSceneMutations } from './api/scenes.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ConflictPanel, KeptChanges } from './conflict-panel.tsx';
import { DraftBanner } from './draft-banner.tsx';
import { InitialSceneButton } from './initial-scene-button.tsx';
import { OptionsCard } from './options-card.tsx';
import { SceneDetailsCard } from './scene-details-card.tsx';
import { brokenLinkWarning, saveInput } from './scene-save.ts';
import { useServerSync } from './scene-sync.ts';
import { StatsCard } from './stats-card.tsx';
import { useLocalDraft } from './use-local-draft.ts';
import { useUnsavedGuard } from './use-unsaved-guard.tsx';

/**
 * The scene editor (product rules "Screens"): details, stats and options are one form with one Save.
 * A save names the version it was edited from; a stale one shows what changed and offers
 * 'Reload theirs' or 'Keep mine'. Unsaved work is guarded (in-app and browser navigation) and
 * kept as a local draft until saved. `saved` is null for a new scene (`newId`/`newTitle`
 * pre-fill it). In the map's side panel (`panel`), `onSaved` and `onClose` replace navigation.
 * On a page, `extras` adds what other features show for the saved scene (composed by the route).
 */
export function SceneEditor({
  saved: loaded,
  heading,
  newId = '',
  newTitle = '',
  returnTo = '/admin/scenes',
  panel,
  extras,
}: {
  saved: SceneWithOptions | null;
  heading: string;
  newId?: string;
  newTitle?: string;
  /** Where 'Save & Return' leads: the scenes list, or the scene whose placeholder this writes. */
  returnTo?: string;
  panel?: {
    onSaved: (saved: SceneWithOptions) => void;
    onClose: () => void;
    onDirtyChange?: (dirty: boolean) => void;
    /** 'Create Scene' of a placeholder option opens the new scene here instead of a page. */
    onCreateScene?: (pendingId: string, name: string) => void;
  };
  extras?: SceneEditorExtras;
}) {
  const navigate = useNavigate();
  const { create, update } = useSceneMutations();
  // What the server had when this editor loaded (or last saved): the form's clean state.
  const [base, setBase] = useState(loaded);
  const [version, setVersion] = useState(loaded?.scene.version ?? null);
  const [markInitial, setMarkInitial] = useState(false);
  const [conflict, setConflict] = useState<SceneWithOptions | null>(null);
  const [replacing, setReplacing] = useState<{ text: string; options: OptionFormValues[] } | null>(
    null,
  );
  const [closing, setClosing] = useState(false);
  const form = useForm<SceneFormValues>({
    resolver: zodResolver(sceneFormSchema),
    defaultValues: sceneFormOf(loaded, newId, newTitle),
    mode: 'onTouched',
  });
  const values = form.watch();
  const dirty = form.formState.isDirty;
  const draft = useLocalDraft(
    base ? `scene:${base.scene.id}` : `new:${newId}`,
    values,
    dirty,
    version,
  );
  const guard = useUnsavedGuard(dirty, `'${values.title || 'this scene'}'`);
  // Offline, a save waits (TanStack Query pauses it) and is sent when the connection is back.
  const offline = create.isPaused || update.isPaused;
  const saving = (create.isPending || update.isPending) && !offline;
  const sceneId = base?.scene.id ?? null;
  const isInitial = Boolean(loaded?.scene.isStart) || markInitial;
  useServerSync({
    enabled: Boolean(panel),
    loaded,
    base,
    version,
    form,
    take: (newer) => {
      setBase(newer);
      setVersion(newer.scene.version);
    },
  });
  const [kept, setKept] = useState<SceneFormValues | null>(null);
  const onDirtyChange = panel?.onDirtyChange;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const afterSave = (r: SceneWithOptions, andReturn: boolean) => {
    const wasNew = !base;
    form.reset(sceneFormOf(r));
    setBase(r);
    setVersion(r.scene.version);
    setConflict(null);
    draft.clear();
    const warning = brokenLinkWarning(r);
    toast({
      title: 'Scene saved',
      variant: 'default',
      ...(warning ? { description: warning } : {}),
    });
    guard.allowNext();
    if (panel) panel.onSaved(r);
    else if (andReturn) navigate(returnTo);
    else if (wasNew) navigate(`/admin/scenes/${encodeURIComponent(r.scene.id)}`, { replace: true });
  };
  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.status === 409 && isConflict(err.body)) {
      setConflict(err.body.current);
      return;
    }
    // product rules "Messages" 'Scene admin': a failed update says 'Save Error: Failed to update scene: {message}'.
    if (base) {
      toast({
        title: 'Save Error',
        description: `Failed to update scene: ${errorMessage(err)}`,
        variant: 'destructive',
      });
    } else fail('Failed to save scene', err);
  };
  /** Saves the form; `settled` hears whether it was saved (not when invalid or refused). */
  const submit = (andReturn: boolean, asVersion = version, settled?: (ok: boolean) => void) =>
    form.handleSubmit(
      (v) => {
        const input = saveInput(v, base, asVersion, markInitial);
        const done = {
          onSuccess: (r: SceneWithOptions) => {
            afterSave(r, andReturn);
            settled?.(true);
          },
          onError: (err: unknown) => {
            onError(err);
            settled?.(false);
          },
        };
        if (input.kind === 'update') update.mutate({ id: input.id, input: input.body }, done);
        else create.mutate(input.body, done);
      },
      () => {
        toast({ title: 'Please fix the fields marked in red', variant: 'destructive' });
        settled?.(false);
      },
    )();
  /** Before a play-test: unsaved changes are saved first (the test plays the saved scene). */
  const saveFirst = () =>
    new Promise<boolean>((resolve) => {
      if (!dirty) resolve(true);
      else void submit(false, version, resolve);
    });

  /** The form shows the scene as the server has it now (theirs after a conflict, a restore). */
  const takeSaved = (r: SceneWithOptions, keepDraft = false) => {
    form.reset(sceneFormOf(r));
    setBase(r);
    setVersion(r.scene.version);
    setConflict(null);
    if (!keepDraft) draft.clear();
  };

  const takeDraft = (text: string, options: OptionFormValues[]) => {
    form.setValue('description', text, { shouldDirty: true });
    form.setValue('options', [...form.getValues('options'), ...options], { shouldDirty: true });
    toast({
      title: 'Draft taken',
      description: `${options.length} options were added; they are saved with the scene.`,
      variant: 'default',
    });
  };

  return (
    <FormProvider {...form}>
      <form
        className="flex flex-col gap-5"
        noValidate
        aria-label={heading}
        onSubmit={(e) => {
          e.preventDefault();
          void submit(false);
        }}
      >
        {!panel && (
          <Link to="/admin/scenes" className={`${buttonVariants({ variant: 'ghost' })} self-start`}>
            <ArrowLeft aria-hidden="true" /> Back to Scenes List
          </Link>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            {panel ? (
              <h2 className="font-retro text-3xl leading-tight text-glow">{heading}</h2>
            ) : (
              <h1 className="font-retro text-4xl leading-tight text-glow sm:text-5xl">{heading}</h1>
            )}
            {isInitial && <Badge>Initial Scene</Badge>}
            <span role="status" className="text-base text-muted-foreground">
              {offline
                ? OFFLINE_MESSAGE
                : saving
                  ? 'Saving…'
                  : dirty
                    ? 'Unsaved changes'
                    : base
                      ? 'All changes saved'
                      : ''}
            </span>
          </div>
          <div className="flex flex-wrap gap-2">
            {base &&
              !panel &&
              extras?.actions(
                { ...base, scene: { ...base.scene, version: version ?? base.scene.version } },
                { unsaved: dirty, saveFirst, replaceWith: (r) => takeSaved(r) },
              )}
            {!isInitial && !panel && (
              <InitialSceneButton
                sceneId={sceneId}
                title={values.title}
                isEnding={values.isEnding}
                onMarkNew={() => setMarkInitial(true)}
              />
            )}
            <SaveButton type="submit" saving={saving} disabled={offline} label="Save Scene" />
            {panel ? (
              <Button
                type="button"
                variant="ghost"
                aria-label="Close the editor"
                onClick={() => (dirty ? setClosing(true) : panel.onClose())}
              >
                <X aria-hidden="true" />
              </Button>
            ) : (
              <Button
                type="button"
                variant="secondary"
                disabled={saving || offline}
                onClick={() => void submit(true)}
              >
                Save &amp; Return
              </Button>
            )}
          </div>
        </div>

        {draft.found && (
          <DraftBanner
            draft={draft.found}
            current={form.getValues()}
            onRestore={(d) => {
              form.reset(d.values, { keepDefaultValues: true });
              // Saved from the version it was edited from: a scene saved since gives a conflict.
              if (d.version !== null) setVersion(d.version);
              draft.dismiss();
            }}
            onDiscard={draft.clear}
          />
        )}
        {conflict && base && (
          <ConflictPanel
            base={base}
            theirs={conflict}
            mine={values}
            saving={saving}
            onReloadTheirs={() => {
              // What the author typed is never thrown away: kept to put back (and in the draft).
              const mine = form.getValues();
              const typed = changedFields(sceneFormOf(base), mine).length > 0;
              setKept(typed ? keepMine(sceneFormOf(base), mine, sceneFormOf(conflict)) : null);
              takeSaved(conflict, typed);
            }}
            onKeepMine={() => {
              // My changes on top of theirs: their edits to fields I did not touch stay.
              const merged = keepMine(sceneFormOf(base), form.getValues(), sceneFormOf(conflict));
              form.reset(merged, { keepDefaultValues: true });
              setVersion(conflict.scene.version);
              void submit(false, conflict.scene.version);
            }}
          />
        )}

        {kept && (
          <KeptChanges
            kept={kept}
            onRestore={() => {
              form.reset(kept, { keepDefaultValues: true });
              setKept(null);
            }}
            onDismiss={() => setKept(null)}
          />
        )}
        <SceneDetailsCard
          isNew={!base}
          compact={Boolean(panel)}
          aiDraft={
            <AiDraft
              title={values.title}
              instructions={values.aiInstructions}
              onUse={(text, options) => {
                const current = form.getValues('description').trim();
                if (current && current !== text.trim()) setReplacing({ text, options });
                else takeDraft(text, options);
              }}
            />
          }
        />
        <OptionsCard saved={Boolean(base)} sceneId={sceneId} onCreateScene={panel?.onCreateScene} />
        <StatsCard sceneId={sceneId} />
        {base && !panel && extras?.below(base.scene)}
      </form>
      {guard.dialog}
      <ConfirmDialog
        open={replacing !== null}
        title="Replace the description?"
        stayLabel="Keep my description"
        goLabel="Replace with the draft"
        onStay={() => setReplacing(null)}
        onGo={() => {
          if (replacing) takeDraft(replacing.text, replacing.options);
          setReplacing(null);
        }}
      >
        The description you wrote will be replaced by the AI draft (you can still undo by not
        saving).
      </ConfirmDialog>
      {panel && (
        <ConfirmDialog
          open={closing}
          title="Close without saving?"
          stayLabel="Keep editing"
          goLabel="Close without saving"
          onStay={() => setClosing(false)}
          onGo={() => {
            setClosing(false);
            panel.onClose();
          }}
        >
          Your changes to '{values.title || 'this scene'}' are not saved. A draft stays in this
          browser.
        </ConfirmDialog>
      )}
    </FormProvider>
  );
}

/** The status while a save waits for the connection (it is retried when the browser is back online). */
const OFFLINE_MESSAGE = 'You are offline - will retry when the connection is back';

/** What the editor page shows for a saved scene from other features (not in the map's panel). */
export interface SceneEditorExtras {
  /**
   * Buttons in the header, before 'Set as Initial Scene': given the scene as saved (with its
   * options, at the version the editor saves from), whether the form has unsaved changes, a
   * save to run first (false: not saved) and a way to show the scene as the server has it.
   */
  actions: (
    saved: SceneWithOptions,
    form: {
      unsaved: boolean;
      saveFirst: () => Promise<boolean>;
      /** Shows this scene as the server now has it (after a restore), dropping unsaved edits. */
      replaceWith: (saved: SceneWithOptions) => void;
    },
  ) => ReactNode;
  /** Below the form's cards. */
  below: (scene: SceneWithOptions['scene']) => ReactNode;
}

function isConflict(data: unknown): data is SceneConflict {
  return typeof data === 'object' && data !== null && 'current' in data;
}
