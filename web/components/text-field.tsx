import type * as React from 'react';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';
import { Textarea } from './ui/textarea.tsx';

/** A labelled text field; with `max`, a live 'n/max' counter that turns red past the limit. */
export function TextField({
  id,
  label,
  value,
  onChange,
  max,
  rows,
  hint,
  type,
  required,
  mono,
  error,
  onBlur,
  placeholder,
  maxLength,
  inputRef,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  max?: number;
  rows?: number;
  hint?: string;
  type?: React.HTMLInputTypeAttribute;
  required?: boolean;
  mono?: boolean;
  /** A validation message shown under the field (and announced); marks the field invalid. */
  error?: string | null;
  onBlur?: () => void;
  placeholder?: string;
  /** A hard limit of the input (typing stops there), unlike `max`'s counter. */
  maxLength?: number;
  /** The input's element, e.g. for a form to focus the first invalid field. */
  inputRef?: React.Ref<HTMLInputElement & HTMLTextAreaElement>;
}) {
  const over = max !== undefined && value.length > max;
  const described = [
    error && `${id}-error`,
    hint && `${id}-hint`,
    max !== undefined && `${id}-count`,
  ]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    value,
    required,
    'aria-invalid': over || Boolean(error) || undefined,
    onBlur,
    placeholder,
    maxLength,
    ref: inputRef,
    'aria-describedby': described || undefined,
    className: mono ? 'font-mono text-base' : undefined,
  };
  return (
    <div className="grid gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {max !== undefined && (
          <span id={`${id}-count`} className={over ? 'text-destructive' : 'text-muted-foreground'}>
            {value.length}/{max}
          </span>
        )}
      </div>
      {rows ? (
        <Textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input {...common} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

/**
 * The notes under a field of `id`: its validation message (`{id}-error`) and its hint
 * (`{id}-hint`), the ids the field names in aria-describedby.
 */
export function FieldNotes({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string | null;
  hint?: string;
}) {
  return (
    <>
      {error && (
        <p id={`${id}-error`} className="text-base text-destructive">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-base text-muted-foreground">
          {hint}
        </p>
      )}
    </>
  );
}
