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

/**
 * Asks the OpenAI-compatible provider of the config for a scene draft (spec §7 'Text
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
  if (input.title.trim() === '') throw new HttpError(400, AI_MESSAGES.missingTitle);
  if (!ai.apiKey) throw new HttpError(503, AI_NOT_CONFIGURED);
  // The SDK is loaded on the first draft (~13 MB a server without AI never needs).
  const { default: OpenAIClient } = await import('openai');
  const client = new OpenAIClient({
    apiKey: ai.apiKey,
    baseURL: ai.baseUrl ?? DEFAULT_BASE_URL,
    timeout: 60_000,
    maxRetries: 1,
  });
  let reply: unknown;
  try {
    reply = await client.chat.completions.create({
      model: ai.model,
      temperature: AI_TEMPERATURE,
      messages: buildSceneDraftMessages(input.title, input.instructions),
    });
  } catch (err) {
    log?.warn({ err }, 'AI provider call failed');
    if (err instanceof OpenAIClient.APIError && !(err instanceof OpenAIClient.APIConnectionError)) {
      throw new HttpError(502, providerMessage(err));
    }
    throw new HttpError(502, AI_MESSAGES.failed);
  }
  try {
    return parseSceneDraft(readChatContent(reply));
  } catch (err) {
    const message = (err as Error).message;
    const known = (Object.values(AI_MESSAGES) as string[]).includes(message);
    throw new HttpError(502, known ? message : AI_MESSAGES.failed);
  }
}
