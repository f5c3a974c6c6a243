/** Summary of one stat's values: min, median, mean, max and an equal-width histogram. */
export interface Summary {
  count: number;
  min: number;
  median: number;
  mean: number;
  max: number;
  buckets: { from: number; to: number; count: number }[];
}

/** Summarises numbers (non-finite ones dropped); `bucketCount` buckets, one when all are equal. */
export function summarize(values: readonly number[], bucketCount = 8): Summary {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return { count: 0, min: 0, median: 0, mean: 0, max: 0, buckets: [] };
  const min = xs[0] as number;
  const max = xs[xs.length - 1] as number;
  const mid = Math.floor(xs.length / 2);
  const median =
    xs.length % 2 ? (xs[mid] as number) : ((xs[mid - 1] as number) + (xs[mid] as number)) / 2;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  if (min === max) {
    return {
      count: xs.length,
      min,
      median,
      mean,
      max,
      buckets: [{ from: min, to: max, count: xs.length }],
    };
  }
  const width = (max - min) / bucketCount;
  const buckets = Array.from({ length: bucketCount }, (_, i) => ({
    from: min + i * width,
    to: i === bucketCount - 1 ? max : min + (i + 1) * width,
    count: 0,
  }));
  for (const x of xs) {
    const i = Math.min(bucketCount - 1, Math.floor((x - min) / width));
    (buckets[i] as { count: number }).count++;
  }
  return { count: xs.length, min, median, mean: Math.round(mean * 100) / 100, max, buckets };
}
