import type { ReactNode } from 'react';
import { Controller, type FieldPath, useFormContext } from 'react-hook-form';
import { SCENE_LIMITS } from '../../../core/api/admin-scenes.ts';
import type { SceneFormValues } from '../../../core/api/admin-scenes-form.ts';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { SectionCard } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Switch } from '../../components/ui/switch.tsx';

type TextKey = Exclude<
  FieldPath<SceneFormValues>,
  'isNew' | 'isEnding' | 'isEndOfDay' | 'imageUrl' | `stats${string}` | `options${string}`
>;

/** A text field of the scene form: its error under it, a counter where there is a limit. */
function SceneTextField(props: {
  name: TextKey;
  id: string;
  label: string;
  max?: number;
  rows?: number;
  hint?: string;
  mono?: boolean;
}) {
  const { control } = useFormContext<SceneFormValues>();
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field, fieldState }) => (
        <TextField
          id={props.id}
          label={props.label}
          value={String(field.value ?? '')}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          max={props.max}
          rows={props.rows}
          hint={props.hint}
          mono={props.mono}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function SwitchField({
  name,
  id,
  label,
}: {
  name: 'isEnding' | 'isEndOfDay';
  id: string;
  label: string;
}) {
  const { control } = useFormContext<SceneFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-2">
          <Switch id={id} checked={field.value} onCheckedChange={field.onChange} />
          <Label htmlFor={id}>{label}</Label>
        </div>
      )}
    />
  );
}

const Wide = ({ children }: { children: ReactNode }) => (
  <div className="md:col-span-2">{children}</div>
);

/**
 * 'Scene Details' (product rules "Screens"): the scene's own fields. `aiDraft` is the 'Generate with AI' block,
 * shown under AI Instructions; `compact` keeps one column (the map's side panel).
 */
export function SceneDetailsCard({
  isNew,
  aiDraft,
  compact = false,
}: {
  isNew: boolean;
  aiDraft?: ReactNode;
  compact?: boolean;
}) {
  const { control } = useFormContext<SceneFormValues>();
  return (
    <SectionCard
      title="Scene Details"
      className={compact ? 'grid gap-4' : 'grid gap-4 md:grid-cols-2'}
    >
      {isNew && (
        <SceneTextField
          name="id"
          id="scene-id"
          label="Scene ID"
          hint="Letters, digits, hyphens and underscores; it appears in the game's URLs."
        />
      )}
      <SceneTextField name="title" id="scene-title" label="Title" max={SCENE_LIMITS.title} />
      <SceneTextField
        name="subtitle"
        id="scene-subtitle"
        label="Subtitle"
        max={SCENE_LIMITS.subtitle}
      />
      <SceneTextField
        name="reference"
        id="scene-reference"
        label="Reference (admin only)"
        max={SCENE_LIMITS.reference}
      />
      <SceneTextField
        name="day"
        id="scene-day"
        label="Game Day"
        hint="A whole number from 1; blank for none."
      />
      <div className="flex flex-wrap gap-6 md:col-span-2">
        <SwitchField name="isEnding" id="scene-ending" label="Ending Scene" />
        <SwitchField name="isEndOfDay" id="scene-eod" label="End of Day" />
      </div>
      <Wide>
        <SceneTextField
          name="aiInstructions"
          id="scene-ai"
          label="AI Instructions"
          rows={2}
          max={SCENE_LIMITS.aiInstructions}
        />
        {aiDraft}
      </Wide>
      <Wide>
        <SceneTextField
          name="description"
          id="scene-description"
          label="Description"
          rows={compact ? 8 : 10}
          max={SCENE_LIMITS.description}
          hint="Plain text (blank lines make paragraphs) or HTML, sanitised for players. Links typed as [[Label->scene-id]] become options when you save."
        />
      </Wide>
      {!compact && (
        <Wide>
          <SceneTextField
            name="htmlSection"
            id="scene-html"
            label="Embedded HTML (experimental)"
            rows={4}
            mono
            max={SCENE_LIMITS.htmlSection}
            hint="Shown after the main content in a sandboxed frame."
          />
        </Wide>
      )}
      <Controller
        control={control}
        name="imageUrl"
        render={({ field }) => (
          <ImageUploadField
            bucket="scene-images"
            label="Scene Image"
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </SectionCard>
  );
}
