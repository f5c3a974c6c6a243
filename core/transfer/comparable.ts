const TIMESTAMPS = new Set(['created_at', 'updated_at']);

/** A row as compared: its columns without timestamps, JSON with sorted keys. */
export function comparable(row: Record<string, unknown>): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v as object)
          .sort()
          .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  const kept = Object.fromEntries(Object.entries(row).filter(([k]) => !TIMESTAMPS.has(k)));
  return JSON.stringify(sortKeys(kept));
}
