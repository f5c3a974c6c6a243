import { OPTION_WHY_MAX } from '../content/scenes.ts';
import { toPendingId } from '../game/links.ts';
import { toRecord, toStatChanges } from '../game/stats.ts';
import type { StatChanges } from '../game/stats.types.ts';

/** Sampling temperature of scene generation (product rules "Data"). */
export const AI_TEMPERATURE = 0.7;
/** Model used when AI_MODEL is not set (product rules "Data"). */
export const AI_DEFAULT_MODEL = 'gpt-4o-mini';
/** Number of options a generated scene has (product rules "Validation", "Limits" rules). */
export const AI_OPTION_COUNT = 4;
/** Gold change forced on a generated option whose gold change is missing or not negative (product rules "Validation"). */
export const AI_FORCED_GOLD = -10;

/** Messages of product rules "Validation" and "Messages" rules 'AI'. */
export const AI_MESSAGES = Object.freeze({
  missingTitle: 'Please enter a scene title first',
  noContent: 'No content generated',
  invalidFormat: 'Invalid response format from AI',
  invalidStructure: 'Invalid content structure',
  failed: 'Failed to generate content',
});

/** The system prompt: 200–300 words of scene, exactly 4 options, JSON only (product rules "Limits"). */
export const SCENE_DRAFT_SYSTEM_PROMPT = [
  'You write scenes for a retro text-adventure game about running a small hat web shop and',
  'getting it to rank #1 in search results through search-engine optimisation (SEO).',
  'Write the scene description in 200-300 words, in the second person, with a light, witty tone.',
  'Then give exactly 4 options the player can choose from.',
  'Every option costs budget: give each one a negative "gold" stat change.',
  'Give each option a "why": one plain sentence, at most 300 characters, that tells the player',
  'why the option helps or hurts the shop, true to Google Search Central guidance.',
  'Stat keys: health (SEO Ranking), strength (Traffic), intelligence (Knowledge),',
  'charisma (Happiness), gold (Budget), delusion (Delusion), revenue (Revenue).',
  'Reply with JSON only, no other text, in exactly this shape:',
  '{"description": "...", "options": [{"text": "...", "nextSceneId": "short-scene-name",',
  '"why": "...", "statChanges": {"gold": -10, "intelligence": 5}}]}',
].join('\n');

/** One option of a generated scene, in the editor's names (product rules "Content" 'Editor-side'). */
interface SceneDraftOption {
  text: string;
  nextSceneId: string;
  statChanges: StatChanges;
  /** Why the option helps or hurts (the option's why line), when the model wrote one. */
  why?: string;
}

/** A generated scene: its description and exactly 4 options. */
export interface SceneDraft {
  description: string;
  options: SceneDraftOption[];
}

/** A chat message for an OpenAI-compatible chat completion. */
export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * The messages that ask for a scene (product rules "Data"): the system prompt and 'Generate a scene titled:
 * {title}', plus the admin's AI instructions when given. Throws 'Please enter a scene title
 * first' for a blank title.
 */
export function buildSceneDraftMessages(
  title: string,
  instructions?: string | null,
): ChatMessage[] {
  const t = title.trim();
  if (t === '') throw new Error(AI_MESSAGES.missingTitle);
  const extra = instructions?.trim() ? `\n\nInstructions: ${instructions.trim()}` : '';
  return [
    { role: 'system', content: SCENE_DRAFT_SYSTEM_PROMPT },
    { role: 'user', content: `Generate a scene titled: ${t}${extra}` },
  ];
}

/** Reads choices[0].message.content of a chat completion reply; throws 'No content generated'. */
export function readChatContent(reply: unknown): string {
  const choices = toRecord(reply)?.choices;
  const first = Array.isArray(choices) ? toRecord(choices[0]) : null;
  const content = toRecord(first?.message)?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new Error(AI_MESSAGES.noContent);
  return content;
}

function extractJson(content: string): unknown {
  const fenced = /```[a-zA-Z]*\s*([\s\S]*?)```/.exec(content);
  const text = (fenced?.[1] ?? content).trim();
  const candidates = [text];
  // Models sometimes wrap the object in a sentence; try the outermost braces too.
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start && (start > 0 || end < text.length - 1))
    candidates.push(text.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next candidate
    }
  }
  throw new Error(AI_MESSAGES.invalidFormat);
}

function normaliseOption(raw: unknown, index: number): SceneDraftOption {
  const rec = toRecord(raw) ?? {};
  const rawText = typeof raw === 'string' ? raw : rec.text;
  const text =
    typeof rawText === 'string' && rawText.trim() !== '' ? rawText.trim() : `Option ${index + 1}`;
  const given = typeof rec.nextSceneId === 'string' ? rec.nextSceneId.trim() : '';
  // An id-like name is kept as the AI gave it; a free label or nothing becomes a pending link.
  const nextSceneId = /^[\w-]+$/.test(given) ? given : toPendingId(given || text);
  const statChanges = toStatChanges(rec.statChanges);
  if (!(typeof statChanges.gold === 'number' && statChanges.gold < 0)) {
    statChanges.gold = AI_FORCED_GOLD;
  }
  // A why line the model wrote, cut to the option's limit at a word where it can be.
  const why = typeof rec.why === 'string' ? clip(rec.why.trim(), OPTION_WHY_MAX) : '';
  return { text, nextSceneId, statChanges, ...(why ? { why } : {}) };
}

/** `text` cut to at most `max` characters, at the last space when there is one, with '…'. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Normalises a generated scene (product rules "Validation" 'AI generation'): JSON, possibly inside a ``` code fence,
 * holding a non-empty description and an options list, else Error('Invalid content structure')
 * (Error('No content generated') when empty, Error('Invalid response format from AI') when not
 * JSON). Options are cut or padded with placeholders ('Option 3') to exactly 4; each keeps only
 * known stat changes, gets -10 gold unless its gold change is negative, and gets a pending
 * next-scene id made from its text when none is given.
 */
export function parseSceneDraft(content: string): SceneDraft {
  if (content.trim() === '') throw new Error(AI_MESSAGES.noContent);
  const data = toRecord(extractJson(content));
  const description = data?.description;
  const options = data?.options;
  if (typeof description !== 'string' || description.trim() === '' || !Array.isArray(options)) {
    throw new Error(AI_MESSAGES.invalidStructure);
  }
  const list = options.slice(0, AI_OPTION_COUNT);
  while (list.length < AI_OPTION_COUNT) list.push(null);
  return { description: description.trim(), options: list.map(normaliseOption) };
}
