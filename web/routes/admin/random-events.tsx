import { useState } from 'react';
import {
  DEFAULT_EVENT_FREQUENCY,
  EVENT_CHANGE_FIELDS,
  EVENT_CHANGE_LABELS,
  type EventChangeField,
  formatEventChanges,
  type RandomEventInput,
  randomEventKind,
} from '../../../core/content/random-events.ts';
import { Label } from '../../components/ui/label.tsx';
import {
  CollectionPage,
  type FieldsProps,
  useReportInput,
} from '../../features/admin-world/components/collection-page.tsx';
import { ImageUploadField } from '../../features/admin-world/components/image-upload-field.tsx';
import { TextField } from '../../features/admin-world/components/text-field.tsx';

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
      Fields={EventFields}
    />
  );
}

type Changes = Record<EventChangeField, string>;

function EventFields({ item, idPrefix, onChange, errors }: FieldsProps<typeof randomEventKind>) {
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [frequency, setFrequency] = useState(String(item?.frequency ?? DEFAULT_EVENT_FREQUENCY));
  const [mediaType, setMediaType] = useState<'image' | 'video'>(
    item?.mediaType === 'video' ? 'video' : 'image',
  );
  const [mediaUrl, setMediaUrl] = useState<string | null>(item?.mediaUrl ?? null);
  const [embed, setEmbed] = useState(item?.videoEmbedCode ?? '');
  const [changes, setChanges] = useState<Changes>(
    () =>
      Object.fromEntries(EVENT_CHANGE_FIELDS.map((f) => [f, String(item?.[f] ?? 0)])) as Changes,
  );

  useReportInput<RandomEventInput>(onChange, {
    title,
    description,
    frequency,
    mediaType,
    mediaUrl,
    videoEmbedCode: mediaType === 'video' ? embed : null,
    isActive: item?.isActive ?? true,
    ...changes,
  });
  return (
    <>
      <TextField
        id={`${idPrefix}-ev-title`}
        label="Title"
        value={title}
        onChange={setTitle}
        required
        error={errors.title}
      />
      <TextField
        id={`${idPrefix}-ev-description`}
        label="Description"
        value={description}
        onChange={setDescription}
        rows={4}
        required
        error={errors.description}
      />
      <TextField
        id={`${idPrefix}-ev-frequency`}
        label="Frequency (every N choices)"
        value={frequency}
        onChange={setFrequency}
        type="number"
        error={errors.frequency}
      />
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
                onChange={() => setMediaType(t)}
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
          value={mediaUrl}
          onChange={setMediaUrl}
        />
      ) : (
        <>
          <TextField
            id={`${idPrefix}-ev-media-url`}
            label="Video URL"
            value={mediaUrl ?? ''}
            onChange={(v) => setMediaUrl(v.trim() ? v : null)}
            error={errors.mediaUrl}
          />
          <TextField
            id={`${idPrefix}-ev-embed`}
            label="Embed Code"
            value={embed}
            onChange={setEmbed}
            rows={3}
            mono
            hint="Shown to players in a sandboxed frame."
          />
        </>
      )}
      <fieldset>
        <legend className="mb-2 text-lg">Stat Changes</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {EVENT_CHANGE_FIELDS.map((f) => (
            <div key={f} className="grid gap-1">
              <Label htmlFor={`${idPrefix}-ev-${f}`}>{EVENT_CHANGE_LABELS[f]}</Label>
              <input
                id={`${idPrefix}-ev-${f}`}
                inputMode="numeric"
                value={changes[f]}
                onChange={(e) => setChanges((c) => ({ ...c, [f]: e.target.value }))}
                className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-lg"
              />
            </div>
          ))}
        </div>
      </fieldset>
    </>
  );
}
