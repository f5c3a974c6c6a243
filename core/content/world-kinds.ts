import { advertisementKind } from './advertisements.ts';
import { newsKind } from './news.ts';
import { randomEventKind } from './random-events.ts';
import { sponsorKind } from './sponsors.ts';

/** Every world collection, in the admin sidebar's order. */
export const WORLD_KINDS = [newsKind, randomEventKind, sponsorKind, advertisementKind] as const;
