import { Label as LabelPrimitive } from 'radix-ui';
import { slotted } from './slotted.tsx';

/** A form label (Radix Label: clicking it focuses its control). */
export const Label = slotted(
  LabelPrimitive.Root,
  'label',
  'flex select-none items-center gap-2 text-lg leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
);
