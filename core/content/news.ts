import { z } from 'zod';
import { optionalLink, requiredText } from '../api/admin-world.ts';
import { playNewsItemSchema } from '../api/play.ts';
import { camelRow, iso, key, nullText, onFlag, snakeRow } from './columns.ts';
import { defineWorldKind } from './world-kind.ts';

/** One news item row (table news_items, product rules "Content"). */
export const newsRowSchema = z.object({
  id: key,
  content: z.string().min(1),
  link: nullText,
  active: onFlag,
  created_at: iso,
});

/** Body of POST/PUT /api/admin/news (product rules "Validation" 'News'): trimmed content, blank link → null. */
export const newsInputSchema = z.object({
  content: requiredText('News content', 500, 'News content cannot be empty'),
  link: optionalLink('Link'),
});

const { createdAt, ...shown } = playNewsItemSchema.shape;

/** A news item as the admin API returns it: as the ticker shows it, and whether it is active. */
const newsItemSchema = z.object({ ...shown, active: z.boolean(), createdAt });

/** News items of the ticker (product rules "Screens" 'News Scroller Management'): added active, newest first. */
export const newsKind = defineWorldKind({
  name: 'news',
  table: 'news_items',
  noun: 'News item',
  listKey: 'items',
  rowSchema: newsRowSchema,
  inputSchema: newsInputSchema,
  viewSchema: newsItemSchema,
  activeColumn: 'active',
  toView: camelRow,
  toValues: snakeRow,
});
