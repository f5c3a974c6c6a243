import { useState } from 'react';

/** Messages of refused fields, by the input's field name. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The values of a form's fields in one state object. `field(key)` gives what a TextField of that
 * key takes: its id (`{idPrefix}-{key}`), its value, the setter and the key's error message.
 */
export function useFormValues<T extends object>(
  initial: T | (() => T),
  idPrefix: string,
  errors: FieldErrors = {},
) {
  const [values, setValues] = useState<T>(initial);
  const set = <Key extends keyof T>(key: Key, value: T[Key]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const field = (key: keyof T & string) => ({
    id: `${idPrefix}-${key}`,
    value: String(values[key] ?? ''),
    onChange: (value: string) => set(key, value as T[typeof key]),
    error: errors[key],
  });
  return { values, setValues, set, field, idPrefix };
}

/** A form's values with their setters, as useFormValues gives them. */
export type FormValues<T extends object> = ReturnType<typeof useFormValues<T>>;
