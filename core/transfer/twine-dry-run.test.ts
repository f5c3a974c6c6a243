import { describe, expect, it } from 'vitest';
import { parseTwee } from './twee.ts';
import { toTwineHtml } from './twine-html-write.ts';

/** The dry run of a Twine story: what players read, bypassed conditions, ways on, a verdict. */
const twee = (...passages: string[]) =>
  parseTwee(
    [
      ':: StoryData',
      '{"ifid":"D1A6B3C4-0000-4000-8000-000000000001","start":"Start"}',
      '',
      ...passages,
    ].join('\n'),
  );
const notes = (r: ReturnType<typeof twee>, passage: string | null) =>
  r.warnings.filter((w) => w.passage === passage).map((w) => w.message);

describe('the dry run says what players will see', () => {
  it('shows SugarCube macros as players will read them', () => {
    const r = twee(
      ':: Start',
      '<<fadein 2s>>The door creaks open.<</fadein>> \\',
      'You step in. [[Hall]]',
      '',
      ':: Hall',
      'Quiet.',
    );
    expect(notes(r, 'Start')).toEqual([
      'SugarCube macros and conditions <<fadein>>: this game does not run them; players read: "<>The door creaks open.<> \\ You step in. Hall"',
    ]);
  });

  it('names links Twine shows only under a condition, in each story format', () => {
    const r = twee(
      ':: Start',
      '<<if $key>>[[Open the door->Exit]]<</if>>',
      '[[Look around->Room]]',
      '',
      ':: Room',
      '(if: $key is true)[ [[Exit]] ](else:)[The door is locked.] [[Start]]',
      '',
      ':: Exit',
      'Out.',
    );
    expect(notes(r, 'Start')).toContain(
      'The link "Open the door" is shown in Twine only when a condition holds (<<if $key>>): this game offers it always, so the condition is bypassed.',
    );
    expect(notes(r, 'Room')).toContain(
      'The link "Exit" is shown in Twine only when a condition holds ((if: $key is true)): this game offers it always, so the condition is bypassed.',
    );
    // "Look around" and "Start" are offered in Twine too: not named.
    expect(r.warnings.some((w) => /"Look around"|"Start"/.test(w.message))).toBe(false);
  });

  it('counts widgets, "go back" links and computed links, and says where play stops', () => {
    const r = twee(
      ':: Widgets [widget]',
      '<<widget "exits">><<link "North" "Cellar">><</link>><</widget>>',
      '',
      ':: Start',
      'A hall. [[Down->Cellar]]',
      '',
      ':: Cellar',
      'Dark. <<exits>> <<exits>> <<back>>',
      '[[Somewhere->$next]] [[Back->previous()]]',
    );
    expect(notes(r, null)).toContain(
      'Ways on this game cannot follow: 2 calls of widgets that link (<<exits>>); 2 "go back" links (<<back>>, previous()); 1 link whose passage is computed. Players get no option for them; the passages are named below.',
    );
    expect(r.verdict).toEqual({
      plays: false,
      message:
        'Stops at passage "Cellar", 1 step from the start: it is no ending and offers no way on this game can follow (2 passages of 2 can be reached).',
      stopsAt: 'Cellar',
    });
  });

  it('says a story plays to an ending, naming the nearest', () => {
    const r = twee(
      ':: Start',
      '[[Left]] [[Right]]',
      '',
      ':: Left',
      '[[End]]',
      '',
      ':: Right',
      'Done.',
      '',
      ':: End',
      'The end.',
    );
    expect(r.verdict).toEqual({
      plays: true,
      message:
        'Plays to an ending: "Right", 1 step from the start (4 passages of 4 can be reached).',
      stopsAt: null,
    });
  });
});

describe('the story format of a file that names none', () => {
  it('is read from its markup, said in the dry run and named by the Twine export', () => {
    const r = parseTwee(
      [
        ':: StoryInit',
        '<<set $key to false>>',
        '',
        ':: Start',
        '<<if $key>>Open.<</if>> [[Next]]',
        '',
        ':: Next',
        'x',
      ].join('\n'),
    );
    expect(r.bundle.story).toMatchObject({ format: 'SugarCube', formatVersion: '2.37.3' });
    expect(notes(r, null)).toContain(
      "The file names no story format; its markup is SugarCube's, so the game and its Twine exports treat it as SugarCube 2.37.3.",
    );
    const story = { ...(r.bundle.story as never as object), ifid: 'X' } as never;
    const html = toTwineHtml(r.bundle, story);
    expect(html).toMatch(/format="SugarCube" format-version="2\.37\.3"/);
    // StoryInit comes back as the passage it was.
    expect(html).toContain('name="StoryInit"');
  });

  it('stays unnamed for a story of plain links (any format plays them)', () => {
    const r = parseTwee(':: Start\n[[Next]]\n\n:: Next\nx\n');
    expect(r.bundle.story?.format).toBeNull();
  });
});

describe('long link text', () => {
  it('gives an option id of at most 200 characters, for Harlowe and SugarCube links alike', () => {
    const long = `${'A very long way round the lake and over the hills '.repeat(10).slice(0, 499)}!`;
    const r = twee(
      ':: Start',
      `[[${long}->Lake]]`,
      `<<link "${long}" "Hills">><</link>>`,
      `[[${long}]]`,
      '',
      ':: Lake',
      'Wet.',
      '',
      ':: Hills',
      'High.',
    );
    const options = r.bundle.options ?? [];
    expect(options.map((o) => o.text.length)).toEqual([500, 500, 500]);
    for (const o of options) expect(o.id.length).toBeLessThanOrEqual(200);
    expect(new Set(options.map((o) => o.id)).size).toBe(3);
    // The third goes to a passage not written yet, whose id is shortened too.
    expect((options[2]?.next_scenario_id ?? '').length).toBeLessThanOrEqual(80);
  });
});
