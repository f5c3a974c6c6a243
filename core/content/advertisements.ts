import { z } from 'zod';
import {
  integerInput,
  optionalHttpUrl,
  optionalImageRef,
  optionalText,
  requiredText,
} from '../api/admin-world.ts';
import { playAdvertisementSchema } from '../api/play.ts';
import { DEFAULT_AD_CTA } from '../game/cadence.ts';
import { camelRow, iso, key, nullText, onFlag, snakeRow } from './columns.ts';
import { defineWorldKind } from './world-kind.ts';

/** One advertisement row (table advertisements, product rules "Content"). */
export const advertisementRowSchema = z.object({
  id: key,
  title: z.string().min(1),
  description: nullText,
  image_url: nullText,
  cta_text: z.string().default(DEFAULT_AD_CTA),
  cta_link: nullText,
  active: onFlag,
  priority: z.number().int().default(0),
  created_at: iso,
});

/** Body of POST/PUT /api/admin/advertisements (product rules "Content" 'Advertisement'). */
export const advertisementInputSchema = z.object({
  title: requiredText('Title', 200),
  description: optionalText(2000),
  imageUrl: optionalImageRef(),
  ctaText: optionalText(60).transform((v) => v ?? DEFAULT_AD_CTA),
  ctaLink: optionalHttpUrl('CTA link'),
  active: z.boolean().default(true),
  priority: integerInput(0),
});

const { priority, ...shown } = playAdvertisementSchema.shape;

/** An advertisement as the admin API returns it: as players see it, and whether it is active. */
const advertisementSchema = z.object({ ...shown, active: z.boolean(), priority });

/** Advertisements shown before every 5th scene, highest priority first (product rules "Screens", "Play"). */
export const advertisementKind = defineWorldKind({
  name: 'advertisements',
  table: 'advertisements',
  noun: 'Advertisement',
  listKey: 'advertisements',
  rowSchema: advertisementRowSchema,
  inputSchema: advertisementInputSchema,
  viewSchema: advertisementSchema,
  activeColumn: 'active',
  orderBy: [
    ['priority', 'desc'],
    ['id', 'asc'],
  ],
  toView: (r) => ({ ...camelRow(r), ctaText: r.cta_text || DEFAULT_AD_CTA }),
  toValues: snakeRow,
});
