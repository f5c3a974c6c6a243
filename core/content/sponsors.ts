import { z } from 'zod';
import { isHttpUrl, optionalImageRef, requiredText } from '../api/admin-world.ts';
import { playSponsorSchema } from '../api/play.ts';
import { camelRow, iso, key, nullText, snakeRow } from './columns.ts';
import { defineWorldKind } from './world-kind.ts';

/** One sponsor row (table sponsors, product rules "Content"). */
export const sponsorRowSchema = z.object({
  id: key,
  name: z.string().min(1),
  url: nullText,
  image_url: nullText,
  created_at: iso,
});

/** The form's one message when a required field is blank (product rules "Validation"). */
const BOTH_REQUIRED = 'Name and URL are required';

/** Body of POST/PUT /api/admin/sponsors (product rules "Validation" 'Sponsor'). */
export const sponsorInputSchema = z.object({
  name: requiredText('Name', 200, BOTH_REQUIRED),
  url: requiredText('URL', 2000, BOTH_REQUIRED).refine(
    (v) => v === '' || isHttpUrl(v),
    'URL must start with http:// or https://',
  ),
  imageUrl: optionalImageRef('Logo URL'),
});

/** A sponsor as the admin API returns it: as players see it, and when it was added. */
const sponsorSchema = playSponsorSchema.extend({ createdAt: z.string() });

/** Sponsors shown beside the game (product rules "Screens" '/admin/sponsors'), newest first. */
export const sponsorKind = defineWorldKind({
  name: 'sponsors',
  table: 'sponsors',
  noun: 'Sponsor',
  listKey: 'sponsors',
  rowSchema: sponsorRowSchema,
  inputSchema: sponsorInputSchema,
  viewSchema: sponsorSchema,
  activeColumn: null,
  toView: camelRow,
  toValues: snakeRow,
});
