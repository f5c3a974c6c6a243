import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AI_DEFAULT_MODEL,
  AI_FORCED_GOLD,
  AI_OPTION_COUNT,
  AI_TEMPERATURE,
  buildSceneDraftMessages,
  parseSceneDraft,
  readChatContent,
  SCENE_DRAFT_SYSTEM_PROMPT,
} from './scene-draft.ts';

const option = (text: string, extra: Record<string, unknown> = {}) => ({
  text,
  nextSceneId: 'next',
  statChanges: { gold: -5 },
  ...extra,
});
const reply = (data: unknown) => JSON.stringify(data);

describe('constants and prompt (product rules "Data", "Limits" rules)', () => {
  it('uses gpt-4o-mini at temperature 0.7', () => {
    expect(AI_DEFAULT_MODEL).toBe('gpt-4o-mini');
    expect(AI_TEMPERATURE).toBe(0.7);
    expect(AI_OPTION_COUNT).toBe(4);
    expect(AI_FORCED_GOLD).toBe(-10);
  });

  it('asks for 200-300 words, exactly 4 options and JSON only', () => {
    expect(SCENE_DRAFT_SYSTEM_PROMPT).toContain('200-300 words');
    expect(SCENE_DRAFT_SYSTEM_PROMPT).toContain('exactly 4 options');
    expect(SCENE_DRAFT_SYSTEM_PROMPT).toContain('JSON only');
    expect(SCENE_DRAFT_SYSTEM_PROMPT).toContain('"why"');
  });

  it("sends 'Generate a scene titled: {title}' with the admin's instructions", () => {
    expect(buildSceneDraftMessages(' Keyword Research ')).toEqual([
      { role: 'system', content: SCENE_DRAFT_SYSTEM_PROMPT },
      { role: 'user', content: 'Generate a scene titled: Keyword Research' },
    ]);
    expect(buildSceneDraftMessages('Blog', ' Make it funny ')[1]?.content).toBe(
      'Generate a scene titled: Blog\n\nInstructions: Make it funny',
    );
  });

  it('refuses a blank title', () => {
    expect(() => buildSceneDraftMessages('  ')).toThrow('Please enter a scene title first');
  });
});

describe('readChatContent', () => {
  it('reads choices[0].message.content', () => {
    expect(readChatContent({ choices: [{ message: { content: '{"a":1}' } }] })).toBe('{"a":1}');
  });

  it("throws 'No content generated' when there is none", () => {
    for (const r of [null, {}, { choices: [] }, { choices: [{ message: { content: ' ' } }] }]) {
      expect(() => readChatContent(r)).toThrow('No content generated');
    }
  });
});

describe('parseSceneDraft', () => {
  const four = [option('A'), option('B'), option('C'), option('D')];

  it('reads plain JSON', () => {
    const draft = parseSceneDraft(reply({ description: ' You open the shop. ', options: four }));
    expect(draft.description).toBe('You open the shop.');
    expect(draft.options.map((o) => o.text)).toEqual(['A', 'B', 'C', 'D']);
    expect(draft.options[0]).toEqual({ text: 'A', nextSceneId: 'next', statChanges: { gold: -5 } });
  });

  it("keeps an option's why line, cut at a word to 300 characters", () => {
    const long = `${'Earned links count because people chose to give them. '.repeat(8)}End.`;
    const draft = parseSceneDraft(
      reply({
        description: 'D',
        options: [
          { ...option('A'), why: ' Titles help people choose the page. ' },
          { ...option('B'), why: long },
          option('C'),
          { ...option('D'), why: 7 },
        ],
      }),
    );
    expect(draft.options[0]?.why).toBe('Titles help people choose the page.');
    const cut = draft.options[1]?.why ?? '';
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(draft.options[2]).not.toHaveProperty('why');
    expect(draft.options[3]).not.toHaveProperty('why');
  });

  it('reads JSON inside a code fence or wrapped in a sentence', () => {
    const json = reply({ description: 'D', options: four });
    expect(parseSceneDraft(`Here you go:\n\`\`\`json\n${json}\n\`\`\`\nEnjoy!`).description).toBe(
      'D',
    );
    expect(parseSceneDraft(`\`\`\`\n${json}\n\`\`\``).options).toHaveLength(4);
    expect(parseSceneDraft(`Sure! ${json} Have fun.`).description).toBe('D');
  });

  it("throws 'Invalid content structure' without a description or an options list", () => {
    for (const data of [
      { options: four },
      { description: '', options: four },
      { description: 'D' },
      { description: 'D', options: 'four' },
      { description: 42, options: four },
      [1, 2],
      'text',
    ]) {
      expect(() => parseSceneDraft(reply(data))).toThrow('Invalid content structure');
    }
  });

  it('throws the spec messages for empty and non-JSON replies', () => {
    expect(() => parseSceneDraft('  ')).toThrow('No content generated');
    expect(() => parseSceneDraft('I cannot help with that.')).toThrow(
      'Invalid response format from AI',
    );
    expect(() => parseSceneDraft('```json\n{broken\n```')).toThrow(
      'Invalid response format from AI',
    );
  });

  it('cuts options to 4', () => {
    const six = [...four, option('E'), option('F')];
    expect(
      parseSceneDraft(reply({ description: 'D', options: six })).options.map((o) => o.text),
    ).toEqual(['A', 'B', 'C', 'D']);
  });

  it('pads options to 4 with placeholders', () => {
    const draft = parseSceneDraft(reply({ description: 'D', options: [option('Only one')] }));
    expect(draft.options).toEqual([
      { text: 'Only one', nextSceneId: 'next', statChanges: { gold: -5 } },
      { text: 'Option 2', nextSceneId: 'pending-option-2', statChanges: { gold: -10 } },
      { text: 'Option 3', nextSceneId: 'pending-option-3', statChanges: { gold: -10 } },
      { text: 'Option 4', nextSceneId: 'pending-option-4', statChanges: { gold: -10 } },
    ]);
  });

  it('forces -10 gold when the gold change is missing or not negative', () => {
    const options = [
      option('keeps', { statChanges: { gold: '-3', intelligence: 5 } }),
      option('missing', { statChanges: { intelligence: 5 } }),
      option('zero', { statChanges: { gold: 0 } }),
      option('positive', { statChanges: { gold: 20, luck: 3 } }),
    ];
    const draft = parseSceneDraft(reply({ description: 'D', options }));
    expect(draft.options.map((o) => o.statChanges)).toEqual([
      { gold: -3, intelligence: 5 },
      { intelligence: 5, gold: -10 },
      { gold: -10 },
      { gold: -10 },
    ]);
  });

  it('makes a pending next-scene id when none or a free label is given', () => {
    const options = [
      option('Visit the Hat Fair', { nextSceneId: undefined }),
      option('B', { nextSceneId: 'Talk to Bob' }),
      option('C', { nextSceneId: 'keyword-research' }),
      option('D', { nextSceneId: '  ' }),
    ];
    const draft = parseSceneDraft(reply({ description: 'D', options }));
    expect(draft.options.map((o) => o.nextSceneId)).toEqual([
      'pending-visit-the-hat-fair',
      'pending-talk-to-bob',
      'keyword-research',
      'pending-d',
    ]);
  });

  it('always gives 4 options that each cost gold', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.anything(), fc.record({ text: fc.string(), statChanges: fc.anything() })),
        ),
        (options) => {
          const draft = parseSceneDraft(reply({ description: 'D', options }));
          expect(draft.options).toHaveLength(4);
          for (const o of draft.options) {
            expect(o.text.trim()).not.toBe('');
            expect(o.nextSceneId).not.toBe('');
            expect(o.statChanges.gold).toBeLessThan(0);
          }
        },
      ),
    );
  });
});
