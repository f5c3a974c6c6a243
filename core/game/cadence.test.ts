import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AD_EVERY,
  advertisementFor,
  DEFAULT_AD_CTA,
  pickAdvertisement,
  shouldShowAdvertisement,
} from './cadence.ts';

describe('advertisement cadence (product rules "Play", "Limits" rules)', () => {
  it('shows an advertisement before every 5th scene', () => {
    expect(AD_EVERY).toBe(5);
    const shown = Array.from({ length: 21 }, (_, i) => i).filter(shouldShowAdvertisement);
    expect(shown).toEqual([5, 10, 15, 20]);
  });

  it('never shows one for 0, negative or fractional counts', () => {
    expect(shouldShowAdvertisement(0)).toBe(false);
    expect(shouldShowAdvertisement(-5)).toBe(false);
    expect(shouldShowAdvertisement(5.5)).toBe(false);
    expect(shouldShowAdvertisement(Number.NaN)).toBe(false);
  });

  it("has the default call to action 'Learn More'", () => {
    expect(DEFAULT_AD_CTA).toBe('Learn More');
  });
});

describe('pickAdvertisement', () => {
  const ads = ['a0', 'a1', 'a2'];

  it('picks index = scene count modulo the number of ads', () => {
    expect(pickAdvertisement(5, ads)).toBe('a2');
    expect(pickAdvertisement(10, ads)).toBe('a1');
    expect(pickAdvertisement(15, ads)).toBe('a0');
    expect(pickAdvertisement(5, ['only'])).toBe('only');
  });

  it('returns null when there are no ads', () => {
    expect(pickAdvertisement(5, [])).toBeNull();
  });

  it('always picks one of the ads for any count', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.double()),
        fc.array(fc.string(), { minLength: 1 }),
        (n, list) => {
          expect(list).toContain(pickAdvertisement(n, list));
        },
      ),
    );
  });
});

describe('advertisementFor', () => {
  it('gives the ad only on an advertisement scene', () => {
    expect(advertisementFor(4, ['a0', 'a1'])).toBeNull();
    expect(advertisementFor(5, ['a0', 'a1'])).toBe('a1');
    expect(advertisementFor(10, ['a0', 'a1'])).toBe('a0');
    expect(advertisementFor(10, [])).toBeNull();
  });
});
