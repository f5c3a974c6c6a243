import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTwee, parseTwineFile, toTwee } from './twee.ts';

/** What the Twine exports keep of a story from Twine (docs/twine.md "What an export keeps"). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../test/fixtures/twine/${name}`, import.meta.url), 'utf8');
/** Rows without their timestamps (each read stamps its own). */
const rows = (list: object[] | undefined) =>
  (list ?? []).map((row) =>
    Object.fromEntries(
      Object.entries(row).filter(([k]) => k !== 'created_at' && k !== 'updated_at'),
    ),
  );
const identity = (r: ReturnType<typeof parseTwee>) =>
  ({ ...r.bundle.story, ifid: r.bundle.story?.ifid ?? 'X' }) as never;

describe('story code in the Twee export', () => {
  it('writes the stylesheet and the startup passage back, and reads them again the same', () => {
    const r = parseTwee(fixture('harlowe-dungeon.twee'));
    expect(r.bundle.story?.code?.stylesheet).toContain('tw-include[type="startup"]');
    expect(r.bundle.story?.code?.passages.map((p) => [p.name, p.tags])).toEqual([
      ['Startup', ['startup']],
    ]);
    const twee = toTwee(r.bundle, identity(r));
    expect(twee).toContain(':: StoryStylesheet [stylesheet]\ntw-include[type="startup"]');
    expect(twee).toMatch(/:: Startup \[startup\]/);
    const again = parseTwee(twee);
    expect(again.bundle.story?.code).toEqual(r.bundle.story?.code);
    expect(rows(again.bundle.scenes)).toEqual(rows(r.bundle.scenes));
    expect(rows(again.bundle.options)).toEqual(rows(r.bundle.options));
  });
});

describe('a passage edited here', () => {
  it('is written from its description and options; the others keep their own text', () => {
    const r = parseTwineFile(fixture('harlowe-lock-and-key.html'));
    const scenes = (r.bundle.scenes ?? []).map((s) =>
      s.id === 'exit' ? { ...s, description: 'You are out, at last.' } : s,
    );
    const twee = toTwee({ ...r.bundle, scenes }, identity(r));
    const passage = (name: string) =>
      new RegExp(`:: ${name}[^\\n]*\\n([\\s\\S]*?)(?=\\n:: |$)`).exec(twee)?.[1] ?? '';
    // Unchanged: its own text, the condition and its link where they stood.
    expect(passage('Front Room')).toMatch(/^\(if: \$key is true\)\[\n\t\[\[Exit\]\]\n\]/);
    // Edited: the new description; no longer marked as the story's own text.
    expect(passage('Exit')).toMatch(/^You are out, at last\./);
    expect(passage('Exit')).not.toContain('"source":"twine"');
    const again = parseTwee(twee);
    expect(again.bundle.scenes?.find((s) => s.id === 'exit')?.description).toBe(
      'You are out, at last.',
    );
    expect(rows(again.bundle.options)).toEqual(rows(r.bundle.options));
  });
});
