import { ArrowLeft, Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminOption, OptionInput } from '../../../core/api/admin-scene-options.ts';
import type { AdminScene } from '../../../core/api/admin-scenes.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { toast } from '../../lib/toast.ts';
import { failToast as fail, messageOf } from '../admin-world/components/admin-page.tsx';
import { ImageUploadField } from '../admin-world/components/image-upload-field.tsx';
import { TextField } from '../admin-world/components/text-field.tsx';
import { SceneAnalytics } from '../analytics/scene-analytics.tsx';
import { PlayFromHereButton } from '../story-map/play-from-here.tsx';
import { AiDraft } from './ai-draft.tsx';
import { useSceneMutations } from './api.ts';
import { OptionForm } from './option-dialog.tsx';
import { StatsCard } from './stats-card.tsx';

interface Form {
  id: string;
  title: string;
  subtitle: string;
  reference: string;
  day: string;
  isEnding: boolean;
  isEndOfDay: boolean;
  aiInstructions: string;
  description: string;
  htmlSection: string;
  imageUrl: string | null;
}

const formOf = (s: AdminScene | null, newId: string): Form => ({
  id: s?.id ?? newId,
  title: s?.title ?? '',
  subtitle: s?.subtitle ?? '',
  reference: s?.reference ?? '',
  day: s?.day ? String(s.day) : '',
  isEnding: s?.isEnding ?? false,
  isEndOfDay: s?.isEndOfDay ?? false,
  aiInstructions: s?.aiInstructions ?? '',
  description: s?.description ?? '',
  htmlSection: s?.htmlSection ?? '',
  imageUrl: s?.imageUrl ?? null,
});

/**
 * The scene editor (spec §2 'Scene editor'): Scene Details and, once saved, Scene Options.
 * `scene` is null for a new scene (`newId` pre-fills its id, from ?id=).
 */
export function SceneEditor({
  scene,
  options,
  heading,
  newId = '',
}: {
  scene: AdminScene | null;
  options: AdminOption[];
  heading: string;
  newId?: string;
}) {
  const navigate = useNavigate();
  const { create, update, setInitial } = useSceneMutations();
  const [form, setForm] = useState<Form>(() => formOf(scene, newId));
  const [markInitial, setMarkInitial] = useState(false);
  /** Options of a used AI draft, saved with the scene on the next save. */
  const [draftOptions, setDraftOptions] = useState<OptionInput[]>([]);
  useEffect(() => {
    if (scene) setForm(formOf(scene, ''));
  }, [scene]);
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const saving = create.isPending || update.isPending;
  const isInitial = scene?.isStart || markInitial;

  const save = (andReturn: boolean) => {
    const dayNumber = form.day.trim() ? Number(form.day) : null;
    const fields = {
      title: form.title,
      subtitle: form.subtitle,
      reference: form.reference,
      day: dayNumber,
      isEnding: form.isEnding,
      isEndOfDay: form.isEndOfDay,
      aiInstructions: form.aiInstructions,
      description: form.description,
      htmlSection: form.htmlSection,
      imageUrl: form.imageUrl,
    };
    const after = (id: string) => {
      setDraftOptions([]);
      toast({ title: 'Scene saved', variant: 'default' });
      if (andReturn) navigate('/admin/scenes');
      else if (!scene) navigate(`/admin/scenes/${encodeURIComponent(id)}`, { replace: true });
    };
    // Spec §8 'Scene admin': an update that fails says 'Save Error: Failed to update scene: {message}'.
    const onError = (err: unknown) => {
      if (andReturn) fail('Failed to save scene before returning', err);
      else if (scene) {
        toast({
          title: 'Save Error',
          description: `Failed to update scene: ${messageOf(err)}`,
          variant: 'destructive',
        });
      } else fail('Failed to save scene', err);
    };
    if (scene) {
      update.mutate(
        { id: scene.id, input: { ...fields, addOptions: draftOptions } },
        { onSuccess: (r) => after(r.scene.id), onError },
      );
    } else {
      create.mutate(
        { ...fields, id: form.id, isStart: markInitial, options: draftOptions },
        { onSuccess: (r) => after(r.scene.id), onError },
      );
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <Link to="/admin/scenes" className={`${buttonVariants({ variant: 'ghost' })} self-start`}>
        <ArrowLeft aria-hidden="true" /> Back to Scenes List
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-retro text-4xl leading-tight text-glow sm:text-5xl">{heading}</h1>
          {isInitial && <Badge>Initial Scene</Badge>}
        </div>
        <div className="flex flex-wrap gap-2">
          {scene && (
            <PlayFromHereButton
              sceneId={scene.id}
              sceneTitle={scene.title}
              returnTo={`/admin/scenes/${encodeURIComponent(scene.id)}`}
            />
          )}
          {!isInitial && (
            <Button
              variant="outline"
              disabled={setInitial.isPending}
              onClick={() => {
                if (!scene) return setMarkInitial(true);
                setInitial.mutate(scene.id, {
                  onSuccess: () => toast({ title: 'Initial scene set', variant: 'default' }),
                  onError: (err) => fail('Failed to set as initial scene', err),
                });
              }}
            >
              Set as Initial Scene
            </Button>
          )}
          <Button disabled={!form.title.trim() || saving} onClick={() => save(false)}>
            {saving ? 'Saving...' : 'Save Scene'}
          </Button>
          <Button
            variant="secondary"
            disabled={!form.title.trim() || saving}
            onClick={() => save(true)}
          >
            Save &amp; Return
          </Button>
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Scene Details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          {!scene && (
            <TextField
              id="scene-id"
              label="Scene ID"
              value={form.id}
              onChange={(v) => set('id', v)}
              hint="Letters, digits, hyphens and underscores; it appears in the game's URLs."
            />
          )}
          <TextField
            id="scene-title"
            label="Title"
            value={form.title}
            onChange={(v) => set('title', v)}
            required
          />
          <TextField
            id="scene-subtitle"
            label="Subtitle"
            value={form.subtitle}
            onChange={(v) => set('subtitle', v)}
          />
          <TextField
            id="scene-reference"
            label="Reference (admin only)"
            value={form.reference}
            onChange={(v) => set('reference', v)}
          />
          <TextField
            id="scene-day"
            label="Game Day"
            value={form.day}
            onChange={(v) => set('day', v)}
            type="number"
          />
          <div className="flex flex-wrap gap-6 md:col-span-2">
            <SwitchField
              id="scene-ending"
              label="Ending Scene"
              checked={form.isEnding}
              onChange={(v) => set('isEnding', v)}
            />
            <SwitchField
              id="scene-eod"
              label="End of Day"
              checked={form.isEndOfDay}
              onChange={(v) => set('isEndOfDay', v)}
            />
          </div>
          <Wide>
            <TextField
              id="scene-ai"
              label="AI Instructions"
              value={form.aiInstructions}
              onChange={(v) => set('aiInstructions', v)}
              rows={2}
            />
            <AiDraft
              title={form.title}
              instructions={form.aiInstructions}
              onUse={(description, options) => {
                set('description', description);
                setDraftOptions(options);
                toast({
                  title: 'Draft taken',
                  description: `${options.length} options will be added when you save the scene.`,
                  variant: 'default',
                });
              }}
            />
          </Wide>
          <Wide>
            <TextField
              id="scene-description"
              label="Description"
              value={form.description}
              onChange={(v) => set('description', v)}
              rows={10}
              hint="Plain text (blank lines make paragraphs) or HTML, which is sanitised for players."
            />
          </Wide>
          <Wide>
            <TextField
              id="scene-html"
              label="Embedded HTML (experimental)"
              value={form.htmlSection}
              onChange={(v) => set('htmlSection', v)}
              rows={4}
              mono
              hint="Shown after the main content in a sandboxed frame."
            />
          </Wide>
          <ImageUploadField
            bucket="scene-images"
            label="Scene Image"
            value={form.imageUrl}
            onChange={(v) => set('imageUrl', v)}
          />
        </CardContent>
      </Card>

      {draftOptions.length > 0 && (
        <p className="text-lg text-primary" role="status">
          {draftOptions.length} AI draft options are added on the next save.
        </p>
      )}
      {scene && <StatsCard sceneId={scene.id} config={scene.statsConfig} />}
      {scene ? (
        <OptionsCard sceneId={scene.id} options={options} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Scene Options</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-lg text-muted-foreground">Save the scene to add its options.</p>
          </CardContent>
        </Card>
      )}
      {scene && <SceneAnalytics sceneId={scene.id} />}
    </div>
  );
}

function Wide({ children }: { children: ReactNode }) {
  return <div className="md:col-span-2">{children}</div>;
}

function SwitchField(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Switch id={props.id} checked={props.checked} onCheckedChange={props.onChange} />
      <Label htmlFor={props.id}>{props.label}</Label>
    </div>
  );
}

function OptionsCard({ sceneId, options }: { sceneId: string; options: AdminOption[] }) {
  const { saveOption, removeOption } = useSceneMutations();
  const [dialog, setDialog] = useState<AdminOption | 'new' | null>(null);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Scene Options</CardTitle>
        <Button
          size="sm"
          onClick={() => {
            saveOption.reset();
            setDialog('new');
          }}
        >
          <Plus aria-hidden="true" /> Add Option
        </Button>
      </CardHeader>
      <CardContent>
        {options.length === 0 ? (
          <p className="text-lg text-muted-foreground">No options yet.</p>
        ) : (
          <ol className="grid gap-2">
            {options.map((o) => (
              <li
                key={o.id}
                className="flex flex-wrap items-center gap-2 rounded border border-border p-3"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-lg">{o.text}</p>
                  <p className="text-base text-muted-foreground">
                    →{' '}
                    {o.nextUrl
                      ? o.nextUrl
                      : o.isPending
                        ? `${o.nextSceneId} (not yet written)`
                        : `${o.nextSceneTitle ?? o.nextSceneId}`}
                  </p>
                </div>
                {o.isPending && o.nextSceneId && (
                  <Link
                    to={`/admin/scenes/new?id=${encodeURIComponent(o.nextSceneId)}`}
                    className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  >
                    Create Scene
                  </Link>
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit option ${o.text}`}
                  onClick={() => {
                    saveOption.reset();
                    setDialog(o);
                  }}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove option ${o.text}`}
                  onClick={() =>
                    removeOption.mutate(o, {
                      onSuccess: () => toast({ title: 'Option Deleted', variant: 'default' }),
                      onError: (err) => fail('Failed to delete option', err),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      <Dialog
        open={dialog !== null}
        onOpenChange={(open) => !open && !saveOption.isPending && setDialog(null)}
      >
        <DialogContent className="max-w-2xl">
          {dialog !== null && (
            <OptionForm
              key={dialog === 'new' ? 'new' : dialog.id}
              option={dialog === 'new' ? null : dialog}
              saving={saveOption.isPending}
              serverError={saveOption.error ? messageOf(saveOption.error) : null}
              onSave={(input) =>
                saveOption.mutate(
                  { sceneId, optionId: dialog === 'new' ? undefined : dialog.id, input },
                  {
                    onSuccess: (r) => {
                      setDialog(null);
                      toast({
                        title: dialog === 'new' ? 'Option Added' : 'Option Updated',
                        variant: 'default',
                      });
                      if (r.connectedTo) {
                        toast({
                          title: 'Connected to existing scene',
                          description: r.connectedTo.title,
                          variant: 'default',
                        });
                      }
                    },
                    onError: (err) => fail('Option Validation Error', err),
                  },
                )
              }
            />
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
