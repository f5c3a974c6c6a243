import { toInteger } from '../../../core/api/admin-world.ts';
import {
  DEFAULT_EVENT_FREQUENCY,
  EVENT_CHANGE_FIELDS,
  EVENT_CHANGE_LABELS,
  type EventChangeField,
  formatEventChanges,
  randomEventKind,
} from '../../../core/content/random-events.ts';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  CollectionPage,
  type FieldsProps,
} from '../../features/admin-world/components/collection-page.tsx';

/** /admin/random-events 'Random Events Management' (product rules "Screens", "Play", "Validation" 'Random event', "Messages"). */
export function Component() {
  return (
    <CollectionPage
      kind={randomEventKind}
      title="Random Events Management"
      addLabel="Add Random Event"
      editTitle="Edit Random Event"
      saveLabel="Save Event"
      empty="No random events yet"
      nameOf={(ev) => ev.title}
      active={{ isOn: (ev) => ev.isActive, header: 'Active', noun: 'Event' }}
      columns={[
        { header: 'Title', cell: (ev) => ev.title, className: 'max-w-xs whitespace-normal' },
        { header: 'Frequency', cell: (ev) => `Every ${ev.frequency} choices` },
        { header: 'Media Type', cell: (ev) => ev.mediaType },
        {
          header: 'Stat Changes',
          cell: (ev) => formatEventChanges(ev).join(', ') || '—',
          className: 'whitespace-normal',
        },
      ]}
      initial={(ev): EventForm => ({
        title: ev?.title ?? '',
        description: ev?.description ?? '',
        frequency: String(ev?.frequency ?? DEFAULT_EVENT_FREQUENCY),
        mediaType: ev?.mediaType === 'video' ? 'video' : 'image',
        mediaUrl: ev?.mediaUrl ?? null,
        videoEmbedCode: ev?.videoEmbedCode ?? '',
        ...(Object.fromEntries(EVENT_CHANGE_FIELDS.map((f) => [f, String(ev?.[f] ?? 0)])) as Record<
          EventChangeField,
          string
        >),
      })}
      toInput={(values, ev) => ({
        ...values,
        videoEmbedCode: values.mediaType === 'video' ? values.videoEmbedCode : null,
        isActive: ev?.isActive ?? true,
      })}
      Fields={EventFields}
    />
  );
}

type EventForm = {
  title: string;
  description: string;
  frequency: string;
  mediaType: 'image' | 'video';
  mediaUrl: string | null;
  videoEmbedCode: string;
} & Record<EventChangeField, string>;

function EventFields({ form: { values, set, field, idPrefix } }: FieldsProps<EventForm>) {
  const { mediaType } = values;
  return (
    <>
      <TextField {...field('title')} label="Title" required />
      <TextField {...field('description')} label="Description" rows={4} required />
      <TextField {...field('frequency')} label="Frequency (every N choices)" type="number" />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-lg">Media Type</legend>
        <div className="flex gap-4">
          {(['image', 'video'] as const).map((t) => (
            <label key={t} className="flex items-center gap-2 text-lg">
              <input
                type="radio"
                name={`${idPrefix}-media-type`}
                value={t}
                checked={mediaType === t}
                onChange={() => set('mediaType', t)}
                className="size-4 accent-[var(--primary)]"
              />
              {t === 'image' ? 'Image' : 'Video'}
            </label>
          ))}
        </div>
      </fieldset>
      {mediaType === 'image' ? (
        <ImageUploadField
          bucket="scene-images"
          label="Image"
          value={values.mediaUrl}
          onChange={(v) => set('mediaUrl', v)}
        />
      ) : (
        <>
          <TextField
            {...field('mediaUrl')}
            onChange={(v) => set('mediaUrl', v.trim() ? v : null)}
            label="Video URL"
          />
          <TextField
            {...field('videoEmbedCode')}
            label="Embed Code"
            rows={3}
            mono
            hint="Shown to players in a sandboxed frame."
          />
        </>
      )}
      <fieldset>
        <legend className="mb-2 text-lg">Stat Changes</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {EVENT_CHANGE_FIELDS.map((f) => {
            const id = `${idPrefix}-${f}`;
            // The spec saves a non-numeric change as 0: said next to the field before saving.
            const notNumber =
              values[f].trim() !== '' && Number.isNaN(toInteger(values[f], Number.NaN));
            return (
              <div key={f} className="grid gap-1">
                <Label htmlFor={id}>{EVENT_CHANGE_LABELS[f]}</Label>
                <input
                  id={id}
                  inputMode="numeric"
                  value={values[f]}
                  onChange={(e) => set(f, e.target.value)}
                  aria-describedby={notNumber ? `${id}-note` : undefined}
                  className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-lg"
                />
                {notNumber ? (
                  <p id={`${id}-note`} className="text-base text-destructive">
                    Not a whole number: saved as 0
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      </fieldset>
    </>
  );
}
