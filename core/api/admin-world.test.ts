import { describe, expect, it } from 'vitest';
import { advertisementInputSchema } from '../content/advertisements.ts';
import { formatEventChanges, randomEventInputSchema } from '../content/random-events.ts';
import { shortenUrl, toInteger } from './admin-world.ts';
import { consultantActions, nextConsultantStatus } from './admin-world-site.ts';

const noChanges = {
  budgetChange: 0,
  knowledgeChange: 0,
  delusionChange: 0,
  revenueChange: 0,
  happinessChange: 0,
  trafficChange: 0,
  seoRankingChange: 0,
};

describe('admin world contracts', () => {
  it('shows only non-zero event changes, as +n / -n with the stat label', () => {
    expect(formatEventChanges(noChanges)).toEqual([]);
    expect(
      formatEventChanges({
        ...noChanges,
        budgetChange: 25,
        trafficChange: -3,
        seoRankingChange: 5,
      }),
    ).toEqual(['+25 Budget', '-3 Traffic', '+5 SEO Ranking']);
  });

  it('cuts URLs at the given length plus ...', () => {
    expect(shortenUrl('https://example.com', 30)).toBe('https://example.com');
    expect(shortenUrl('https://example.com/a/very/long/path/indeed', 30)).toBe(
      'https://example.com/a/very/lon...',
    );
    expect(shortenUrl('https://news.example/2024/update', 25)).toBe('https://news.example/2024...');
  });

  it('parses integers like parseInt; non-numeric gives the fallback', () => {
    expect(toInteger('12abc', 0)).toBe(12);
    expect(toInteger('-4', 0)).toBe(-4);
    expect(toInteger('abc', 0)).toBe(0);
    expect(toInteger('', 5)).toBe(5);
    expect(toInteger(2.9, 0)).toBe(2);
    expect(toInteger(Number.NaN, 7)).toBe(7);
    expect(toInteger(null, 5)).toBe(5);
  });

  it('random event input: frequency default 5, minimum 1', () => {
    const base = { title: 'T', description: 'D' };
    expect(randomEventInputSchema.parse(base).frequency).toBe(5);
    expect(randomEventInputSchema.parse({ ...base, frequency: '' }).frequency).toBe(5);
    expect(randomEventInputSchema.safeParse({ ...base, frequency: -2 }).success).toBe(false);
  });

  it("advertisement input: CTA text defaults to 'Learn More'", () => {
    expect(advertisementInputSchema.parse({ title: 'Ad' }).ctaText).toBe('Learn More');
    expect(advertisementInputSchema.parse({ title: 'Ad', ctaText: ' Buy ' }).ctaText).toBe('Buy');
  });

  it('consultant transitions follow product rules "Play"', () => {
    expect(nextConsultantStatus('pending', 'approve')).toBe('approved');
    expect(nextConsultantStatus('rejected', 'approve')).toBe('approved');
    expect(nextConsultantStatus('approved', 'approve')).toBeNull();
    expect(nextConsultantStatus('approved', 'feature')).toBe('featured');
    expect(nextConsultantStatus('pending', 'feature')).toBeNull();
    expect(nextConsultantStatus('featured', 'unfeature')).toBe('approved');
    expect(nextConsultantStatus('approved', 'unfeature')).toBeNull();
    expect(nextConsultantStatus('pending', 'reject')).toBe('rejected');
    expect(nextConsultantStatus('approved', 'reject')).toBeNull();
    expect(consultantActions('pending')).toEqual(['approve', 'reject']);
    expect(consultantActions('rejected')).toEqual(['approve']);
    expect(consultantActions('approved')).toEqual(['feature']);
    expect(consultantActions('featured')).toEqual(['unfeature']);
  });
});
