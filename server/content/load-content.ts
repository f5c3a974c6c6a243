import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/database.ts';
import { type Content, readContent } from './content-files.ts';

/** Settings key that records the content was loaded once; after that admins own the data. */
export const CONTENT_MARKER = 'content_loaded';

/**
 * Fills an empty database from content/. Idempotent: runs once (marker in settings), inserts
 * with `on conflict do nothing`, all in one transaction, so it never overwrites an admin's edits.
 * Returns the number of scenes loaded, or 0 when nothing was done.
 */
export async function loadContent(db: Kysely<Database>, content?: Content): Promise<number> {
  const marker = await db
    .selectFrom('settings')
    .select('key')
    .where('key', '=', CONTENT_MARKER)
    .executeTakeFirst();
  if (marker) return 0;
  const data = content ?? (await readContent());
  const now = new Date().toISOString();
  const j = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('scenarios').select('id').limit(1).executeTakeFirst();
    // A database that already has scenes (e.g. content made before the marker existed) is left alone.
    if (!existing) {
      for (const s of data.scenes) {
        await trx
          .insertInto('scenarios')
          .values({
            id: s.id,
            title: s.title,
            subtitle: s.subtitle ?? null,
            description: s.description ?? null,
            image_url: s.image_url ?? null,
            html_section: s.html_section ?? null,
            reference: s.reference ?? null,
            ai_instructions: s.ai_instructions ?? null,
            stats_config: j(s.stats_config),
            day: s.day ?? null,
            is_end_of_day: s.is_end_of_day,
            is_ending: s.is_ending,
            is_start: s.is_start,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
      for (const s of data.scenes) {
        for (const [position, o] of s.options.entries()) {
          await trx
            .insertInto('scenario_choices')
            .values({
              id: o.id,
              scenario_id: s.id,
              position,
              text: o.text,
              next_scenario_id: o.next_scenario_id ?? null,
              next_url: o.next_url ?? null,
              stats_changes: j(o.stats_changes ?? {}),
              required_stats: j(o.required_stats),
              required_items: j(o.required_items),
              special_effects: null,
              button_icon: o.button_icon ?? null,
              seo_ranking_change: null,
              traffic_change: null,
              knowledge_change: null,
              happiness_change: null,
              budget_change: null,
              delusion_change: null,
              revenue_change: null,
              created_at: now,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
        }
      }
    }
    await insertWorld(trx, data, now);
    await trx
      .insertInto('settings')
      .values({ key: CONTENT_MARKER, value: JSON.stringify({ at: now }), updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return existing ? 0 : data.scenes.length;
  });
}

/** Events, ads, sponsors, news, consultants, settings and pages (each skipped when the id exists). */
async function insertWorld(trx: Kysely<Database>, data: Content, now: string): Promise<void> {
  for (const e of data.events) {
    await trx
      .insertInto('random_events')
      .values({
        ...e,
        media_url: e.media_url ?? null,
        video_embed_code: e.video_embed_code ?? null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const a of data.advertisements) {
    await trx
      .insertInto('advertisements')
      .values({
        ...a,
        description: a.description ?? null,
        image_url: a.image_url ?? null,
        cta_link: a.cta_link ?? null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const s of data.sponsors) {
    await trx
      .insertInto('sponsors')
      .values({
        id: s.id,
        name: s.name,
        url: s.url ?? null,
        image_url: s.image_url ?? null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const [i, n] of data.news.entries()) {
    // Keep the file's order newest-first by spacing the timestamps a second apart.
    const at = new Date(Date.parse(now) - i * 1000).toISOString();
    await trx
      .insertInto('news_items')
      .values({
        id: n.id,
        content: n.content,
        link: n.link ?? null,
        active: n.active,
        created_at: at,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const c of data.consultants) {
    await trx
      .insertInto('consultant_submissions')
      .values({
        id: c.id,
        name: c.name,
        company: c.company ?? null,
        specialty: c.specialty ?? null,
        bio: c.bio ?? null,
        contact_email: c.contact_email,
        website_url: c.website_url ?? null,
        image_url: c.image_url ?? null,
        status: c.status,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const [key, value] of Object.entries(data.settings)) {
    await trx
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value), updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
  for (const p of data.pages) {
    await trx
      .insertInto('pages')
      .values({ slug: p.slug, title: p.title, content: JSON.stringify(p.content), updated_at: now })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
}
