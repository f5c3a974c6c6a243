import { playtestHeaders } from './playtest.ts';

/** Default request time-out (product rules "Limits": 10 s). */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * A failed API call: the HTTP status (0 for network failure or time-out), the server's message
 * (for people), its `code` (for code: branch on it, never on the message) and the whole body.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The short error name of the server's `{ error, message }` body, e.g. 'Not Found'. */
  readonly error: string;
  /** The server's machine-readable reason, e.g. 'pending'; undefined when it sent none. */
  readonly code: string | undefined;
  /** The parsed error body, for answers that carry more than a message (e.g. a fallback id). */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    error = 'Error',
    details: { code?: string; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.code = details.code;
    this.body = details.body;
  }
}

/** The message of a failed call for people (the server's words), or a general one. */
export function errorMessage(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'An unexpected error occurred';
}

/** The server's error code of a failed call, or undefined (not an ApiError, or no code sent). */
export function errorCode(err: unknown): string | undefined {
  return err instanceof ApiError ? err.code : undefined;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData (uploads) is sent as is. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Overrides the 10 s time-out (a long save must not be reported failed while it succeeds). */
  timeoutMs?: number;
}

/**
 * Calls our own API (`/api/...`) with the session cookie and returns the parsed JSON body.
 * Any non-2xx answer throws an ApiError carrying the status and the server's message.
 */
export async function apiFetch<T>(path: string, req: ApiRequest = {}): Promise<T> {
  if (!path.startsWith('/api/')) throw new Error(`apiFetch only calls /api/*, got ${path}`);
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...playtestHeaders(path),
    ...req.headers,
  };
  let body: BodyInit | undefined;
  if (req.body instanceof FormData) body = req.body;
  else if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] = 'application/json';
  }
  const timeout = AbortSignal.timeout(req.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = req.signal ? anySignal(req.signal, timeout) : timeout;

  let res: Response;
  try {
    res = await fetch(path, {
      method: req.method ?? (body === undefined ? 'GET' : 'POST'),
      credentials: 'include',
      headers,
      body,
      signal,
    });
  } catch (err) {
    // A caller's own abort (e.g. the query cache cancelling) is not an API failure.
    if (req.signal?.aborted) throw err;
    if (timeout.aborted) throw new ApiError(0, 'The request timed out', 'Timeout');
    throw new ApiError(0, 'Could not reach the server', 'Network Error');
  }

  const data = await readBody(res);
  if (!res.ok) {
    const payload = isRecord(data) ? data : {};
    const message =
      typeof payload.message === 'string' && payload.message
        ? payload.message
        : res.statusText || `Request failed with status ${res.status}`;
    const error = typeof payload.error === 'string' ? payload.error : res.statusText || 'Error';
    const code = typeof payload.code === 'string' ? payload.code : undefined;
    throw new ApiError(res.status, message, error, { code, body: data });
  }
  return data as T;
}

/** Aborts when either signal does (AbortSignal.any where the browser has it). */
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const both = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) both.abort(s.reason);
    else s.addEventListener('abort', () => both.abort(s.reason), { once: true });
  }
  return both.signal;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True for failures worth retrying: network errors and 502/503/504 (product rules "Messages"). */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.status === 0 || err.status === 502 || err.status === 503 || err.status === 504;
}
