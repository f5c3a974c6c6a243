import { describe, expect, it } from 'vitest';
import { findLinks, readLinks } from './story-links.ts';
import { parseTwee } from './twee.ts';

const found = (text: string) => findLinks(text, true).map((l) => [l.kind, l.text, l.target]);

/** The options a one-passage story (plus passages B and C) gets from `text`, and its notes. */
function options(text: string, format = 'Harlowe') {
  const r = parseTwee(
    `:: StoryData\n{"ifid":"X","format":"${format}","start":"A"}\n\n:: A\n${text}\n\n:: B\nb [[A]]\n\n:: C\nc [[A]]\n`,
  );
  return {
    options: r.bundle.options
      ?.filter((o) => o.scenario_id === 'a')
      .map((o) => [o.text, o.next_scenario_id ?? o.next_url]),
    notes: r.warnings.filter((w) => w.passage === 'A').map((w) => w.message),
    scene: r.bundle.scenes?.find((s) => s.id === 'a'),
  };
}

describe('links of each story format', () => {
  it('Harlowe: link-goto, goto, link-reveal-goto, (link:) with a goto or open-url hook', () => {
    expect(
      found(
        '(link-goto: "Go on", "B") (link-goto: \'C\') (goto: "B") (go-to: "C")\n' +
          '(link: "Leave")[(set: $x to 1)(goto: "C")] (link-reveal-goto: "Run", "B")\n' +
          '(link-rerun: "Our site")[(open-url: "https://example.com/hats")]',
      ),
    ).toEqual([
      ['passage', 'Go on', 'B'],
      ['passage', 'C', 'C'],
      ['passage', 'Continue', 'B'],
      ['passage', 'Continue', 'C'],
      ['passage', 'Leave', 'C'],
      ['passage', 'Run', 'B'],
      ['url', 'Our site', 'https://example.com/hats'],
    ]);
  });

  it('SugarCube: <<link>> and <<button>> with a passage, a [[link]] or a <<goto>> inside; <<goto>>', () => {
    expect(
      found(
        '<<link "Go" "B">><</link>> <<button [[Next|C]]>><</button>>\n' +
          '<<link "Pay">><<set $gold -= 5>><<goto "C">><</link>> <<goto [[B]]>> <<goto "C">>',
      ),
    ).toEqual([
      ['passage', 'Go', 'B'],
      ['passage', 'Next', 'C'],
      ['passage', 'Pay', 'C'],
      ['passage', 'Continue', 'B'],
      ['passage', 'Continue', 'C'],
    ]);
  });

  it('Chapbook inserts, Snowman and HTML anchors, Markdown web links', () => {
    expect(
      found(
        "{link to: 'B', label: 'Go there'} <a data-passage=\"C\">See C</a>\n" +
          '<a href="https://www.canva.com/">Canva</a> and [our shop](https://example.com/shop)',
      ),
    ).toEqual([
      ['passage', 'Go there', 'B'],
      ['passage', 'See C', 'C'],
      ['url', 'Canva', 'https://www.canva.com/'],
      ['url', 'our shop', 'https://example.com/shop'],
    ]);
  });

  it('a [[link]] inside a macro is found once; a computed target cannot be followed', () => {
    expect(
      found('<<link [[Buy|passage()]]>><<set $n += 1>><</link>> (link-goto: "x", $next)'),
    ).toEqual([
      ['unknown', 'Buy', 'passage()'],
      ['unknown', '', ''],
    ]);
  });
});

describe('web addresses and the report', () => {
  it('turns links to web addresses into options that open them, not into scenes', () => {
    const r = options(
      'Make a logo on [[https://www.canva.com]] or [[Canva->www.canva.com]].\n[[B]]',
    );
    expect(r.options).toEqual([
      ['https://www.canva.com', 'https://www.canva.com'],
      ['Canva', 'https://www.canva.com'],
      ['B', 'b'],
    ]);
    expect(r.notes.join('\n')).not.toContain('httpswwwcanvacom');
  });

  it('lists what could not be turned into an option, with the passage and the markup', () => {
    const r = options(
      '<<link "Again" `previous()`>><</link>>\n<<link [[Stay|passage()]]>><</link>>\n[[B]]',
      'SugarCube',
    );
    expect(r.options).toEqual([['B', 'b']]);
    expect(r.notes).toContain(
      'Not turned into an option (it names no passage this game can follow): <<link [[Stay|passage()]]>><</link>>',
    );
  });

  it('keeps the words of links inside sentences, drops gotos and lines of links', () => {
    const read = readLinks(
      'You see (link-goto: "a door", "B").\n<<goto "C">>\n[[B]] | [[C]]\nEnd.',
      true,
    );
    expect(read.prose).toBe('You see a door.\nEnd.');
    expect(read.links.map((l) => l.target)).toEqual(['B', 'C', 'B', 'C']);
  });

  it('never makes a start passage with links an ending; says when the start cannot be played', () => {
    const snowman = options('<% if (s.ok) { %>\n<a data-passage="B">On</a>\n<% } %>', 'Snowman');
    expect(snowman.scene?.is_ending).toBe(false);
    expect(snowman.options).toEqual([['On', 'b']]);
    const r = parseTwee(':: StoryData\n{"ifid":"X","start":"A"}\n\n:: A\n\n:: B\nb\n');
    expect(r.warnings[0]?.message).toBe(
      'The start passage "A" cannot be played: it is empty (no text and no options).',
    );
    const out = parseTwee(
      ':: StoryData\n{"ifid":"X","start":"A"}\n\n:: A\nSee [[https://example.com]]\n',
    );
    expect(out.warnings[0]?.message).toBe(
      'The start passage "A" cannot be played: none of its options leads to another scene of the story.',
    );
  });
});
