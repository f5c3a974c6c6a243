import type { AiSceneDraft } from '../../../../core/api/admin-scenes.ts';
import type { DraftStreamLine } from '../../../../core/api/admin-scenes-ai.ts';
import { ApiError } from '../../../lib/api.ts';

/**
 * POST /api/admin/ai/scene/stream: calls `onText` with each piece of the draft as the model
 * writes it and resolves with the checked draft. No time-out of its own: the server ends the
 * stream within AI_TIMEOUT_SECONDS. Aborting `signal` (Cancel) closes the request, which stops
 * the provider call on the server.
 */
export async function streamDraft(
  input: { title: string; instructions: string },
  onText: (text: string) => void,
  signal: AbortSignal,
): Promise<AiSceneDraft> {
  let res: Response;
  try {
    res = await fetch('/api/admin/ai/scene/stream', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
      body: JSON.stringify(input),
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ApiError(0, 'Could not reach the server', 'Network Error');
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; error?: string };
    throw new ApiError(res.status, body.message ?? res.statusText, body.error);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const raw of lines) {
      if (!raw.trim()) continue;
      const line = JSON.parse(raw) as DraftStreamLine;
      if (line.type === 'text') onText(line.text);
      else if (line.type === 'draft') return line.draft;
      else throw new ApiError(line.status, line.message, 'AI Error');
    }
    if (done) throw new ApiError(502, 'The draft stopped before it was finished', 'AI Error');
  }
}
