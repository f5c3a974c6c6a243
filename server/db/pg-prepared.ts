import type pg from 'pg';

/** Statements worth preparing: reads and writes (never transaction control or schema changes). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Makes every pool connection run repeated statements as named prepared statements: PostgreSQL
 * then parses and plans each text once per connection instead of on every request. Kysely sends
 * `query(text, values)`; a text seen a second time gets a name (at most `max` texts are named, so
 * queries with generated text, like IN lists of varying length, cannot grow the server's memory).
 * What it buys: PostgreSQL parses and plans a hot statement once per connection (not measured
 * apart; pg-prepared.test.ts checks that a repeated statement runs prepared).
 */
export function prepareRepeatedStatements(pool: pg.Pool, max = 300): void {
  const names = new Map<string, string>();
  const seen = new Set<string>();
  const nameFor = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= max || !PREPARABLE.test(text)) return known;
    if (!seen.has(text)) {
      if (seen.size >= 5000) seen.clear();
      seen.add(text);
      return undefined;
    }
    const name = `seo_${names.size}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config === 'string' && Array.isArray(values) && callback === undefined) {
        const name = nameFor(config);
        if (name) return query({ name, text: config, values });
      }
      return callback === undefined ? query(config, values) : query(config, values, callback);
    }) as typeof client.query;
  });
}
