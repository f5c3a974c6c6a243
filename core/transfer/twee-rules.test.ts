import { describe, expect, it } from 'vitest';
import { TransferError } from './format.ts';
import { parseTwee, parseTwineFile } from './twee.ts';

const errorOf = (run: () => unknown): string => {
  try {
    run();
  } catch (err) {
    if (err instanceof TransferError) return err.message;
    throw err;
  }
  throw new Error('expected a TransferError');
};
const options = (twee: string) =>
  parseTwee(twee).bundle.options?.map((o) => [o.scenario_id, o.text, o.next_scenario_id]);

describe('names and links', () => {
  it('derives ids from names (collisions numbered, accents dropped) and resolves links by name', () => {
    const r = parseTwee(
      ':: Front Room\n[[Go->front room]] [[Café]]\n\n:: front room\nx\n\n:: Café\ny\n\n:: Step 1\nz\n',
    );
    expect(r.bundle.scenes?.map((s) => [s.id, s.title])).toEqual([
      ['front-room', 'Front Room'],
      ['front-room-2', 'front room'],
      ['cafe', 'Café'],
      ['step-1', 'Step 1'],
    ]);
    expect(r.bundle.options?.map((o) => o.next_scenario_id)).toEqual(['front-room-2', 'cafe']);
  });

  it('reads every link form in reading order; inline links keep their words', () => {
    const twee =
      ':: Gate\nYou [[knock->Keeper]] or [[Keeper<-wave]].\n[[Climb up->Cliff]] [[Return]]\n> [[Shout|Keeper]]\n\n:: Keeper\nk\n\n:: Cliff\nc\n\n:: Return\nr\n';
    expect(options(twee)).toEqual([
      ['gate', 'knock', 'keeper'],
      ['gate', 'wave', 'keeper'],
      ['gate', 'Climb up', 'cliff'],
      ['gate', 'Return', 'return'],
      ['gate', 'Shout', 'keeper'],
    ]);
    expect(parseTwee(twee).bundle.scenes?.[0]?.description).toBe('You knock or wave.');
  });

  it('drops a SugarCube setter, saying so', () => {
    const r = parseTwee(':: Start\n[[Take it|Next][$gold to 5]]\n\n:: Next\nn\n');
    expect(r.bundle.options?.[0]).toMatchObject({ text: 'Take it', next_scenario_id: 'next' });
    const note = r.warnings.find((w) => w.passage === 'Start');
    expect(note).toMatchObject({ passage: 'Start', line: 2 });
    expect(note?.message).toMatch(/setter is dropped/);
  });
});

describe('the start passage', () => {
  it('honours StoryData start, else a passage named Start', () => {
    const a = parseTwee(':: StoryData\n{"ifid":"A","start":"Gate"}\n\n:: Start\ns\n\n:: Gate\ng\n');
    expect(a.bundle.scenes?.find((s) => s.is_start)?.title).toBe('Gate');
    const b = parseTwee(':: Intro\ni\n\n:: Start\ns\n');
    expect(b.bundle.scenes?.find((s) => s.is_start)?.title).toBe('Start');
  });

  it('says when StoryData start names a missing passage', () => {
    const r = parseTwee(':: StoryData\n{"ifid":"A","start":"Nowhere"}\n\n:: Start\ns\n');
    expect(r.warnings.map((w) => w.message)).toContain(
      'The story\'s start passage "Nowhere" is not a scene in the file: the game starts at "Start".',
    );
    expect(r.bundle.scenes?.[0]?.is_start).toBe(true);
  });
});

describe('the dry run report', () => {
  it('names broken links, script and stylesheet passages, each with its line; keeps tags', () => {
    const r = parseTwee(
      ':: StoryData\n{"ifid":"A"}\n\n:: Start [hub noisy ending]\nGo [[on->Front Room]].\n\n:: Code [script]\nalert(1)\n\n:: Look [stylesheet]\nbody{}\n',
    );
    expect(r.warnings).toEqual(
      [
        {
          passage: 'Start',
          line: 5,
          message:
            'The link "on" goes to "Front Room", which is no passage in the file: it becomes a link to a scene not written yet ("front-room").',
        },
        {
          passage: null,
          line: null,
          message:
            'The start passage "Start" cannot be played: it is an ending; none of its options leads to another scene of the story.',
        },
        {
          passage: 'Code',
          line: 7,
          message:
            'Story JavaScript passage: kept for the Twine exports; this game does not run it.',
        },
        {
          passage: 'Look',
          line: 10,
          message: 'Stylesheet passage: kept for the Twine exports; this game does not run it.',
        },
      ].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
    );
    expect(r.bundle.options?.[0]?.next_scenario_id).toBe('front-room');
    expect(r.bundle.scenes?.[0]?.is_ending).toBe(true);
    expect(r.bundle.scenes?.[0]?.tags).toEqual(['hub', 'noisy']);
  });

  it('reports macros and conditions of each story format', () => {
    const text = (t: string, format: string) =>
      parseTwee(`:: StoryData\n{"ifid":"A","format":"${format}"}\n\n:: Start\n${t}\n`)
        .warnings.map((w) => w.message)
        .filter((m) => !m.startsWith('The start passage'));
    expect(text('<<if $a>>x<</if>>', 'SugarCube')[0]).toMatch(
      /^SugarCube macros and conditions <<if>>/,
    );
    expect(text('(if: $a)[x]', 'Harlowe')[0]).toMatch(/^Harlowe macros and conditions \(if:\)/);
    expect(text('[if a]\nx\n[continue]', 'Chapbook')[0]).toMatch(
      /^Chapbook modifiers \[if\], \[continue\]/,
    );
    // Only the story's own format is looked for: '(note: x)' is prose in a SugarCube story.
    expect(text('(note: x)', 'SugarCube')).toEqual([]);
  });

  it('accepts a byte order mark and text before the first passage, as Tweego does', () => {
    const r = parseTwee('\uFEFFNotes to self\n\n:: Start\nHello\n');
    expect(r.bundle.scenes?.map((s) => s.description)).toEqual(['Hello']);
  });

  it('names each bad passage, counting options within their passage', () => {
    const message = errorOf(() =>
      parseTwee(
        [
          ':: Start',
          '[[A->B]]',
          '[[C->B]]',
          '<!-- seo-adventure',
          'link "A" {"id":"a1"}',
          'link "C" {"id":"c1","position":"first"}',
          '-->',
          '',
          ':: B',
          'b',
          '<!-- seo-adventure',
          'scene {"id":"b","day":"two"}',
          '-->',
          '',
          ':: C',
          'c',
          '<!-- seo-adventure',
          'scene {"id":"c" oops}',
          '-->',
        ].join('\n'),
      ),
    );
    expect(message.split('\n')).toEqual([
      expect.stringMatching(/^Line 18 \(passage "C"\): the game data of "scene" is not valid JSON/),
      expect.stringMatching(/^Line 9 \(passage "B"\): day: /),
      expect.stringMatching(/^Line 3 \(passage "Start", option 2\): position: /),
    ]);
  });

  it('names the line where StoryData JSON breaks', () => {
    expect(
      errorOf(() => parseTwee(':: StoryData\n{\n  "ifid": "A",\n  "start": Start\n}\n')),
    ).toMatch(/^Line 4 \(passage "StoryData"\): not valid JSON \([^\n]+\)$/);
  });

  it('numbers a repeated passage name and says so, instead of refusing the file', () => {
    const r = parseTwee(':: A\n[[B]]\n:: A\n2\n:: B\n[[A]]\n:: B\n');
    expect(r.bundle.scenes?.map((s) => [s.id, s.title])).toEqual([
      ['a', 'A'],
      ['a-2', 'A (2)'],
      ['b', 'B'],
      ['b-2', 'B (2)'],
    ]);
    expect(r.bundle.options?.map((o) => [o.scenario_id, o.next_scenario_id])).toEqual([
      ['a', 'b'],
      ['b', 'a'],
    ]);
    expect(r.warnings.filter((w) => w.message.startsWith('Passage name'))).toEqual([
      {
        passage: 'A (2)',
        line: 3,
        message:
          'Passage name "A" is also on line 1: this one is imported as "A (2)"; links to "A" go to the first.',
      },
      {
        passage: 'B (2)',
        line: 7,
        message:
          'Passage name "B" is also on line 5: this one is imported as "B (2)"; links to "B" go to the first.',
      },
    ]);
  });
});

describe('Twine 2 HTML', () => {
  const story = (passages: string, attrs = 'startnode="2"') =>
    `<html><body><tw-storydata name="Tom &amp; Jerry" ${attrs} ifid="X-1" format="SugarCube" format-version="2.37.3" hidden>
<style role="stylesheet" id="twine-user-stylesheet" type="text/twine-css">body { color: red }</style>
<script role="script" id="twine-user-script" type="text/twine-javascript"></script>
${passages}</tw-storydata></body></html>`;

  it('decodes names and text, finds the start by pid and reports the stylesheet', () => {
    const r = parseTwineFile(
      story(
        '<tw-passagedata pid="1" name="Q &amp; A" tags="">Ask &lt;b&gt;&#39;why&#x27;&lt;/b&gt;</tw-passagedata>\n<tw-passagedata pid="2" name="Hall" tags="start-here">[[Q &amp; A]]</tw-passagedata>',
      ),
    );
    expect(r.bundle.story?.title).toBe('Tom & Jerry');
    expect(r.bundle.scenes?.map((s) => [s.title, s.description, s.is_start])).toEqual([
      ['Q & A', "Ask <b>'why'</b>", false],
      ['Hall', null, true],
    ]);
    expect(r.bundle.options?.[0]).toMatchObject({ text: 'Q & A', next_scenario_id: 'q-a' });
    expect(r.warnings.map((w) => w.message)).toContain(
      'The story stylesheet is kept for the Twine exports; this game does not run it.',
    );
  });

  it("ignores '<tw-storydata' written inside the story format's engine code", () => {
    const html = `${story('<tw-passagedata pid="2" name="Hall">Hi</tw-passagedata>')}<script>var t = '<tw-storydata name="x"><tw-passagedata name="y">';</script>`;
    expect(parseTwineFile(html).bundle.scenes?.map((s) => s.title)).toEqual(['Hall']);
  });

  it('refuses a file without a story, and an archive of several, naming them', () => {
    expect(errorOf(() => parseTwineFile('<html></html>'))).toMatch(/^No Twine story in this file/);
    const two = `${story('<tw-passagedata pid="1" name="A">a</tw-passagedata>')}${story('<tw-passagedata pid="1" name="B">b</tw-passagedata>')}`;
    expect(errorOf(() => parseTwineFile(two))).toBe(
      'This archive holds 2 stories ("Tom & Jerry", "Tom & Jerry"): in Twine, publish or export the one to import',
    );
  });
});
