import { ImageUp, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { UploadBucket } from '../../core/api/uploads.ts';
import { toast } from '../lib/toast.ts';
import { uploadImage } from '../lib/upload-image.ts';
import { Button, buttonVariants } from './ui/button.tsx';
import { Label } from './ui/label.tsx';

/**
 * An image field of the admin pages: a preview, 'Upload Image' (the server's refusal, e.g.
 * 'Image is larger than 5 MB', shown in a toast) and 'Remove'.
 */
export function ImageUploadField({
  bucket,
  value,
  onChange,
  label,
}: {
  bucket: UploadBucket;
  value: string | null;
  onChange: (url: string | null) => void;
  label: string;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {value && (
        <img
          src={value}
          alt={`${label} preview`}
          className="max-h-32 w-fit rounded border border-border object-contain"
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="sr-only"
          disabled={busy}
          onChange={async (e) => {
            const input = e.currentTarget;
            const file = input.files?.[0];
            if (!file) return;
            setBusy(true);
            try {
              onChange((await uploadImage(file, bucket)).url);
              toast({ title: 'Image uploaded successfully', variant: 'default' });
            } catch (err) {
              toast({
                title: 'Failed to upload image',
                description: err instanceof Error ? err.message : undefined,
                variant: 'destructive',
              });
            } finally {
              setBusy(false);
              input.value = '';
            }
          }}
        />
        <label
          htmlFor={id}
          data-slot="button"
          className={buttonVariants({
            variant: 'outline',
            size: 'sm',
            className: 'cursor-pointer',
          })}
        >
          <ImageUp aria-hidden="true" /> {busy ? 'Uploading...' : 'Upload Image'}
        </label>
        {value && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            <X aria-hidden="true" /> Remove
          </Button>
        )}
      </div>
    </div>
  );
}
