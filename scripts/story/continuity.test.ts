import { describe, expect, it } from 'vitest';
import { continuityProblems, type Named } from './continuity.ts';
import { option, scene } from './test-story.ts';

const dex: Named = { name: 'Dex', pattern: /\bDex\b/, introducedBy: ['party'] };

/** intro → party (introduces Dex) or quiet → hub → end. */
function story(hubText: string, quietText = 'Nobody here.') {
  return [
    scene('intro', { options: [option('intro', 1, 'party'), option('intro', 2, 'quiet')] }),
    scene('party', { description: 'Meet Dex, your friend.', options: [option('party', 1, 'hub')] }),
    scene('quiet', { description: quietText, options: [option('quiet', 1, 'hub')] }),
    scene('hub', { description: hubText, options: [option('hub', 1, 'end')] }),
    scene('end', { is_ending: true, description: 'Done.' }),
  ];
}

describe('continuityProblems', () => {
  it('flags a character met on only one of the ways in', () => {
    expect(continuityProblems(story('Dex waves.'), [dex])).toEqual([
      {
        where: "scene 'hub'",
        message: 'mentions Dex before every path has introduced them (introduced in party)',
      },
    ]);
  });

  it('accepts a character introduced on every way in, or where the story introduces them', () => {
    expect(
      continuityProblems(story('Dex waves.', 'Dex is here too.'), [
        { ...dex, introducedBy: ['party', 'quiet'] },
      ]),
    ).toEqual([]);
    expect(continuityProblems(story('The hub is empty.'), [dex])).toEqual([]);
  });

  it('counts option texts as mentions', () => {
    const s = story('Plain.');
    s[3] = scene('hub', { options: [option('hub', 1, 'end', { text: 'Ask Dex' })] });
    expect(continuityProblems(s, [dex]).map((p) => p.where)).toEqual(["scene 'hub'"]);
  });
});
