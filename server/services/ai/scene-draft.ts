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
import { HttpError } from '../../errors.ts';

/** The answer when no provider key is configured: how to configure one. */
const AI_NOT_CONFIGURED =
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
export interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * The message a provider put in its error body ({ error: { message } }); a plain-text body in
 * words; a body that is an HTML page (a proxy's error page) or empty is never shown, only its
 * status.
 */
function providerMessage(err: InstanceType<typeof OpenAI.APIError>, host: string): string {
  const body = err.error as { message?: unknown } | undefined;
  if (typeof body?.message === 'string' && body.message.trim() !== '') return body.message;
  // The SDK's message is '<status> <body text>' when the body is not JSON.
  const text = err.message.replace(/^\d{3}\s*/, '').trim();
  const status = err.status ? ` (HTTP ${err.status})` : '';
  if (text === '' || /<[a-z!/]/i.test(text) || text.length > 300 || err.status === undefined)
    return `The AI service at ${host} answered with an error${status} and no message. Try again later.`;
  return `The AI service at ${host} answered with an error${status}: ${text}`;
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

/** The system error code (ECONNREFUSED, ENOTFOUND...) somewhere in an error's causes. */
function systemCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^E[A-Z_]+$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** What a failed connection's code means, in words. */
const CONNECTION_WORDS: Record<string, string> = {
  ECONNREFUSED: 'nothing answers there (connection refused)',
  ENOTFOUND: 'that host name is not known',
  ECONNRESET: 'the connection was cut',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'that host cannot be reached',
};

/** The host (and port) of the provider address, as people type it in AI_BASE_URL. */
const hostOf = (ai: Config['ai']) => {
  try {
    return new URL(ai.baseUrl ?? DEFAULT_BASE_URL).host;
  } catch {
    return ai.baseUrl ?? DEFAULT_BASE_URL;
  }
};

/** The answer when the provider took longer than AI_TIMEOUT_SECONDS. */
const aiTimedOut = (ms: number) =>
  `The AI did not answer within ${Math.ceil(ms / 1000)} s. Try again, or raise AI_TIMEOUT_SECONDS in the server's environment.`;

/**
 * The provider's failure as the HttpError the author sees, logged with its cause: the
 * provider's own message, a time-out, or an address that cannot be reached (named by its host).
 */
async function providerFailure(err: unknown, ai: Config['ai'], log?: Log): Promise<HttpError> {
  const OpenAI = await loadSdk();
  const host = hostOf(ai);
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    log?.warn({ host, timeoutMs: ai.timeoutMs }, 'AI provider did not answer in time');
    return new HttpError(504, aiTimedOut(ai.timeoutMs));
  }
  if (err instanceof OpenAI.APIError && !(err instanceof OpenAI.APIConnectionError)) {
    log?.warn({ host, status: err.status, err }, 'AI provider refused the request');
    return new HttpError(502, providerMessage(err, host));
  }
  const code = systemCode(err);
  if (!code && !(err instanceof OpenAI.APIConnectionError)) {
    // It answered, but not in the protocol (a stream line that is not JSON, say).
    log?.warn({ host, err }, 'AI provider answered in an unknown format');
    return new HttpError(
      502,
      `The AI at ${host} answered in a format this server does not understand. Check that AI_BASE_URL is an OpenAI-compatible address.`,
    );
  }
  log?.warn({ host, code, err }, `AI provider unreachable${code ? ` (${code})` : ''}`);
  const why = (code && CONNECTION_WORDS[code]) ?? (code ? `error ${code}` : 'no answer');
  return new HttpError(
    502,
    `Could not reach the AI at ${host}: ${why}. Check AI_BASE_URL in the server's environment.`,
  );
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
  /** Cancelled by the author, or out of time (AI_TIMEOUT_SECONDS): null while neither. */
  const stopped = () => {
    if (signal.aborted) return new HttpError(499, 'Cancelled');
    if (!timeout.aborted) return null;
    log?.warn({ host: hostOf(ai), timeoutMs: ai.timeoutMs }, 'AI provider did not answer in time');
    return new HttpError(504, aiTimedOut(ai.timeoutMs));
  };
  /** A stream that failed after text had arrived: it broke off (it was reached). */
  const brokenOff = async (err: unknown) => {
    const OpenAI = await loadSdk();
    if (content === '' || (err instanceof OpenAI.APIError && err.status !== undefined)) return null;
    const code = systemCode(err);
    const why = code
      ? (CONNECTION_WORDS[code] ?? `error ${code}`)
      : 'its answer was not in the expected format';
    log?.warn({ host: hostOf(ai), code, received: content.length, err }, 'AI stream broke off');
    return new HttpError(502, `The AI stopped partway through the draft: ${why}. Try again.`);
  };
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
    throw stopped() ?? (await brokenOff(err)) ?? (await providerFailure(err, ai, log));
  }
  // An aborted stream may end without an error: what stopped it is still the answer.
  const stop = stopped();
  if (stop) throw stop;
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
    throw await providerFailure(err, ai, log);
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
