import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPendingLink,
  matchExistingScene,
  normaliseSceneLabel,
  PENDING_PREFIX,
  slugify,
  toPendingId,
} from './links.ts';

describe('pending links', () => {
  it("use the 'pending-' prefix", () => {
    expect(PENDING_PREFIX).toBe('pending-');
    expect(isPendingLink('pending-next-scene')).toBe(true);
    expect(isPendingLink('pending-')).toBe(true);
    expect(isPendingLink('intro')).toBe(false);
    expect(isPendingLink('Pending-x')).toBe(false);
    expect(isPendingLink(null)).toBe(false);
  });
});

describe('normaliseSceneLabel (product rules "Play")', () => {
  it.each([
    ['Go to the Shop!', 'go-to-the-shop'],
    ['  Ask   a friend  ', 'ask-a-friend'],
    ['snake_case__label', 'snake-case-label'],
    ['keep-hyphens', 'keep-hyphens'],
    ['Café & Hats', 'caf-hats'],
    ['under_ _score', 'under-score'],
    ['100% SEO', '100-seo'],
  ])('%o → %o', (label, expected) => {
    expect(normaliseSceneLabel(label)).toBe(expected);
  });

  it('keeps what the spec keeps, so hyphen runs may stay', () => {
    expect(normaliseSceneLabel('a - b')).toBe('a---b');
    expect(normaliseSceneLabel('!! start')).toBe('-start');
  });
});

describe('slugify', () => {
  it('tidies the normaliser output', () => {
    expect(slugify('a - b')).toBe('a-b');
    expect(slugify('!! start')).toBe('start');
    expect(slugify('  -- Ask  a friend? ')).toBe('ask-a-friend');
    expect(slugify('!!!')).toBe('');
  });

  it('always yields lowercase word characters separated by single hyphens', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (label) => {
        const slug = slugify(label);
        expect(slug === '' || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)).toBe(true);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe('toPendingId', () => {
  it('turns a placeholder name into pending-{slug}', () => {
    expect(toPendingId('Visit the Hat Fair')).toBe('pending-visit-the-hat-fair');
    expect(toPendingId('  Talk to Bob? ')).toBe('pending-talk-to-bob');
  });

  it('does not prefix a pending id twice', () => {
    expect(toPendingId('pending-next-scene')).toBe('pending-next-scene');
    expect(toPendingId('pending-Next Scene')).toBe('pending-next-scene');
  });

  it('gives a usable id for a label without word characters', () => {
    expect(toPendingId('???')).toBe('pending-scene');
    expect(toPendingId('')).toBe('pending-scene');
  });

  it('always gives a pending link and is stable', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (label) => {
        const id = toPendingId(label);
        expect(isPendingLink(id)).toBe(true);
        expect(id.length).toBeGreaterThan(PENDING_PREFIX.length);
        expect(toPendingId(id)).toBe(id);
      }),
    );
  });
});

describe('matchExistingScene', () => {
  const scenes = [
    { id: 'intro', title: 'Welcome to the Hat Shop' },
    { id: 'keyword-research', title: 'Keyword Research' },
    { id: 'scene-7', title: 'Meet the Blogger!' },
    { id: 'Start', title: 'Start' },
  ];

  it('matches an existing scene id', () => {
    expect(matchExistingScene('intro', scenes)?.id).toBe('intro');
    expect(matchExistingScene(' Start ', scenes)?.id).toBe('Start');
  });

  it('matches a label whose slug is a scene id', () => {
    expect(matchExistingScene('Keyword Research', scenes)?.id).toBe('keyword-research');
    expect(matchExistingScene('INTRO', scenes)?.id).toBe('intro');
  });

  it('matches a label against normalised titles', () => {
    expect(matchExistingScene('meet the blogger', scenes)?.id).toBe('scene-7');
    expect(matchExistingScene('Welcome to the hat-shop', scenes)?.id).toBe('intro');
  });

  it('connects a pending id once its scene exists', () => {
    expect(matchExistingScene('pending-meet-the-blogger', scenes)?.id).toBe('scene-7');
  });

  it('returns null when nothing matches', () => {
    expect(matchExistingScene('Hire an agency', scenes)).toBeNull();
    expect(matchExistingScene('   ', scenes)).toBeNull();
    expect(matchExistingScene('!!!', scenes)).toBeNull();
    expect(matchExistingScene('intro', [])).toBeNull();
  });
});
