import { slotted } from './slotted.tsx';

/** A pulsing block that stands in for content while it loads. */
export const Skeleton = slotted('div', 'skeleton', 'animate-pulse rounded-md bg-secondary');
