import type { AiSceneDraft } from './admin-scenes.ts';

/** One line of POST /api/admin/ai/scene/stream (newline-delimited JSON). */
export type DraftStreamLine =
  | { type: 'text'; text: string }
  | { type: 'draft'; draft: AiSceneDraft }
  | { type: 'error'; status: number; message: string };

/**
 * The readable part of a draft still being written: the model answers JSON, so while it streams
 * the author sees the description's text as far as it has arrived (escapes decoded), not braces
 * and quotes. Before the description starts, or when the reply is not that JSON, the raw text.
 */
export function partialDraftText(raw: string): string {
  const start = /"description"\s*:\s*"/.exec(raw);
  if (!start) return raw.replace(/^```[a-z]*\s*/i, '').trimStart();
  let out = '';
  for (let i = start.index + start[0].length; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c === '"') break;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = raw[i + 1];
    if (next === undefined) break;
    i++;
    if (next === 'n') out += '\n';
    else if (next === 't') out += '\t';
    else if (next === 'u') {
      const hex = raw.slice(i + 1, i + 5);
      if (hex.length < 4) break;
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += 4;
    } else out += next;
  }
  return out;
}
