import { parseTwee as extweeParse, Passage, Story } from 'extwee';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Bundle, validateBundle } from './format.ts';
import { parseTwee, toTwee } from './twee.ts';

const story = {
  ifid: 'F00D0000-0000-4000-8000-000000000000',
  title: 'P',
  format: null,
  formatVersion: null,
};

// Titles and option texts of any characters Twee treats specially: brackets, arrows, bars, braces,
// backslashes, colons, comment markers, accents, emoji, surrounding spaces.
const tricky = fc.constantFrom(
  '[[',
  ']]',
  '->',
  '<-',
  '|',
  '{',
  '}',
  '\\',
  '::',
  '<!--',
  '-->',
  'é',
  '🎩',
  ' ',
  '"',
  '][',
);
const word = fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), tricky);
const text = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(''));
const title = text.filter((t) => t.trim().length > 0);
// Descriptions: prose lines (no links; a description's own '[[' would be read as a link).
const line = fc
  .array(fc.oneof(fc.string({ maxLength: 12 }), tricky), { maxLength: 4 })
  .map((w) => w.join(''))
  .filter((l) => !l.includes('[[') && !l.startsWith('\\::'));
const description = fc.array(line, { maxLength: 4 }).map((ls) => ls.join('\n').trim() || null);

const adventure = fc
  .array(fc.record({ title, description, day: fc.option(fc.integer({ min: 1, max: 9 })) }), {
    minLength: 1,
    maxLength: 5,
  })
  .chain((scenes) =>
    fc
      .array(
        fc.record({
          from: fc.nat(scenes.length - 1),
          to: fc.option(fc.nat(scenes.length), { nil: null }),
          text: title,
          position: fc.integer({ min: 0, max: 20 }),
          gold: fc.option(fc.integer({ min: -50, max: 50 })),
        }),
        { maxLength: 8 },
      )
      .map(
        (options): Bundle =>
          validateBundle({
            format: 'seo-adventure',
            version: 1,
            scenes: scenes.map((s, i) => ({ id: `s${i}`, ...s, is_start: i === 0 })),
            options: options.map((o, i) => ({
              id: `o${i}`,
              scenario_id: `s${o.from}`,
              text: o.text,
              // Index scenes.length: a link to a scene not written yet.
              next_scenario_id: o.to === null ? null : `s${o.to}`,
              next_url: o.to === null ? 'https://example.com/' : null,
              position: o.position,
              stats_changes: o.gold === null ? null : { gold: o.gold },
            })),
          }),
      ),
  );

const comparable = (b: Bundle) =>
  JSON.parse(
    JSON.stringify({
      scenes: b.scenes,
      options: [...(b.options ?? [])].sort((x, y) => x.id.localeCompare(y.id)),
    }),
    (k, v) => (k === 'created_at' || k === 'updated_at' ? undefined : v),
  );

describe('Twee export and import', () => {
  it('read back any adventure unchanged', () => {
    fc.assert(
      fc.property(adventure, (bundle) => {
        const twee = toTwee(bundle, story);
        expect(comparable(parseTwee(twee).bundle)).toEqual(comparable(bundle));
        // The game data never reads as a link or ends its comment early.
        for (const block of twee.split('<!-- seo-adventure').slice(1)) {
          const inside = block.slice(0, block.indexOf('\n-->'));
          expect(inside).not.toMatch(/\[\[|\]\]|-->/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('read back any adventure unchanged after extwee kept only names, tags, text and position', () => {
    fc.assert(
      fc.property(adventure, (bundle) => {
        const theirs = extweeParse(toTwee(bundle, story));
        const kept = new Story(theirs.name);
        kept.IFID = theirs.IFID;
        kept.start = theirs.start;
        for (const p of theirs.passages) {
          const position = (p.metadata as { position?: string }).position;
          kept.addPassage(new Passage(p.name, p.text, p.tags, position ? { position } : {}));
        }
        expect(comparable(parseTwee(kept.toTwee()).bundle)).toEqual(comparable(bundle));
      }),
      { numRuns: 200 },
    );
  });
});
