import type OpenAI from 'openai';
import {
  AI_MESSAGES,
  AI_TEMPERATURE,
  buildSceneDraftMessages,
  parseSceneDraft,
  readChatContent,
  type SceneDraft,
} from '../../../core/ai/scene-draft.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';

/** The answer when no provider key is configured: how to configure one. */
export const AI_NOT_CONFIGURED =
  'AI generation is not configured. Set AI_API_KEY in the server environment (plus AI_BASE_URL ' +
  'for an OpenAI-compatible provider other than OpenAI, and AI_MODEL, default gpt-4o-mini), ' +
  'then restart the server.';

/** The provider's own base URL when AI_BASE_URL is not set (never the OPENAI_BASE_URL env). */
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * The OpenAI SDK, loaded on the first draft request: a server whose admins never ask for a draft
 * does not carry it in memory (lean server).
 */
let sdk: Promise<typeof OpenAI> | undefined;
const loadSdk = () => (sdk ??= import('openai').then((m) => m.default));

/** A minimal logger (the request's pino logger in routes). */
interface Log {
  warn(obj: object, msg: string): void;
}

/** The message a provider put in its error body ({ error: { message } }), else the SDK's. */
function providerMessage(err: InstanceType<typeof OpenAI.APIError>): string {
  const body = err.error as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message.trim() !== ''
    ? body.message
    : err.message;
}

/** The provider client: the one AI_TIMEOUT_SECONDS budget, no hidden retries. */
async function clientOf(ai: Config['ai'] & { apiKey: string }): Promise<OpenAI> {
  const OpenAI = await loadSdk();
  return new OpenAI({
    apiKey: ai.apiKey,
    baseURL: ai.baseUrl ?? DEFAULT_BASE_URL,
    timeout: ai.timeoutMs,
    maxRetries: 0,
  });
}

/** The provider's failure as the HttpError the author sees. */
async function providerFailure(err: unknown): Promise<HttpError> {
  const OpenAI = await loadSdk();
  if (err instanceof OpenAI.APIError && !(err instanceof OpenAI.APIConnectionError)) {
    return new HttpError(502, providerMessage(err));
  }
  return new HttpError(502, AI_MESSAGES.failed);
}

/** The text of a finished reply as a draft, or the 502 naming what was wrong with it. */
function draftOf(content: string): SceneDraft {
  try {
    return parseSceneDraft(content);
  } catch (err) {
    const message = (err as Error).message;
    const known = (Object.values(AI_MESSAGES) as string[]).includes(message);
    throw new HttpError(502, known ? message : AI_MESSAGES.failed);
  }
}

/** Refuses a draft request before any provider call: no title (400), no key (503). */
export function checkDraftRequest(ai: Config['ai'], input: { title: string }): string {
  if (input.title.trim() === '') throw new HttpError(400, AI_MESSAGES.missingTitle);
  if (!ai.apiKey) throw new HttpError(503, AI_NOT_CONFIGURED);
  return ai.apiKey;
}

/** What a streamed draft tells its listener: text as it arrives. */
export interface DraftStreamListener {
  onText(text: string): void;
}

/** The answer when the provider took longer than AI_TIMEOUT_SECONDS. */
export const aiTimedOut = (ms: number) =>
  `The AI provider did not finish within ${Math.ceil(ms / 1000)} seconds (AI_TIMEOUT_SECONDS)`;

/**
 * Streams a scene draft from the provider ('AI drafts that arrive'): each piece of text
 * goes to `listener` as the model writes it, and the finished reply is parsed like
 * generateSceneDraft's. `signal` aborts the provider call (the author pressed Cancel or left);
 * the whole call has the one AI_TIMEOUT_SECONDS budget.
 */
export async function streamSceneDraft(
  ai: Config['ai'],
  input: { title: string; instructions?: string | null },
  listener: DraftStreamListener,
  signal: AbortSignal,
  log?: Log,
): Promise<SceneDraft> {
  const client = await clientOf({ ...ai, apiKey: checkDraftRequest(ai, input) });
  const timeout = AbortSignal.timeout(ai.timeoutMs);
  let content = '';
  try {
    const stream = await client.chat.completions.create(
      {
        model: ai.model,
        temperature: AI_TEMPERATURE,
        messages: buildSceneDraftMessages(input.title, input.instructions),
        stream: true,
      },
      { signal: AbortSignal.any([signal, timeout]) },
    );
    for await (const chunk of stream) {
      const piece = chunk.choices[0]?.delta?.content ?? '';
      if (piece) {
        content += piece;
        listener.onText(piece);
      }
    }
  } catch (err) {
    if (signal.aborted) throw new HttpError(499, 'Cancelled');
    if (timeout.aborted) throw new HttpError(504, aiTimedOut(ai.timeoutMs));
    log?.warn({ err }, 'AI provider stream failed');
    throw await providerFailure(err);
  }
  if (content.trim() === '') throw new HttpError(502, AI_MESSAGES.noContent);
  return draftOf(content);
}

/**
 * Asks the OpenAI-compatible provider of the config for a scene draft (product rules "Data" 'Text
 * generation'): system prompt and 'Generate a scene titled: {title}' (+ the admin's
 * instructions), temperature 0.7, the configured model. The reply is normalised by core's
 * parseSceneDraft (4 options, negative gold). Errors become HttpErrors with the spec's texts:
 * 400 'Please enter a scene title first', 503 without a key, 502 'No content generated',
 * 'Invalid response format from AI', the provider's own message, or 'Failed to generate content'.
 */
export async function generateSceneDraft(
  ai: Config['ai'],
  input: { title: string; instructions?: string | null },
  log?: Log,
): Promise<SceneDraft> {
  const client = await clientOf({ ...ai, apiKey: checkDraftRequest(ai, input) });
  let reply: unknown;
  try {
    reply = await client.chat.completions.create({
      model: ai.model,
      temperature: AI_TEMPERATURE,
      messages: buildSceneDraftMessages(input.title, input.instructions),
    });
  } catch (err) {
    log?.warn({ err }, 'AI provider call failed');
    throw await providerFailure(err);
  }
  let content: string;
  try {
    content = readChatContent(reply);
  } catch (err) {
    const message = (err as Error).message;
    const known = (Object.values(AI_MESSAGES) as string[]).includes(message);
    throw new HttpError(502, known ? message : AI_MESSAGES.failed);
  }
  return draftOf(content);
}
