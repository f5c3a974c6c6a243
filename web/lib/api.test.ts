import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, errorCode, isRetryable } from './api.ts';

function respond(status: number, body: unknown, type = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(async () => new Response(text, { status, headers: { 'content-type': type } }));
}

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials and JSON, and returns the parsed body', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/api/things', { body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it("throws an ApiError with the status and the server's message", async () => {
    vi.stubGlobal('fetch', respond(404, { error: 'Not Found', message: 'Scene intro not found' }));
    const err = await apiFetch('/api/scenes/intro').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 404,
      error: 'Not Found',
      message: 'Scene intro not found',
    });
  });

  it("carries the server's code and whole body, so callers branch on codes, not on wording", async () => {
    const body = {
      error: 'Conflict',
      message: 'Any wording',
      code: 'pending',
      fallbackSceneId: 'x',
    };
    vi.stubGlobal('fetch', respond(409, body));
    const err = await apiFetch('/api/play/choices').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'pending', body });
    expect(errorCode(err)).toBe('pending');
    expect(errorCode(new Error('pending'))).toBeUndefined();
    vi.stubGlobal('fetch', respond(404, { error: 'Not Found', message: 'Gone' }));
    expect(errorCode(await apiFetch('/api/x').catch((e: unknown) => e))).toBeUndefined();
  });

  it('falls back to the status text when the error body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const err = await apiFetch('/api/health').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, message: 'Bad Gateway' });
    expect(isRetryable(err)).toBe(true);
  });

  it('turns a network failure into a retryable ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    const err = await apiFetch('/api/health').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, message: 'Could not reach the server' });
    expect(isRetryable(err)).toBe(true);
    expect(isRetryable(new ApiError(400, 'Bad'))).toBe(false);
  });

  it('returns undefined for 204 and refuses paths outside /api', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiFetch('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
    await expect(apiFetch('/other')).rejects.toThrow('only calls /api/*');
  });
});

describe('apiFetch cancellation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("passes the caller's abort through unchanged", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = apiFetch('/api/slow', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new DOMException('cancelled', 'AbortError'));
    const err = await pending;
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as DOMException).name).toBe('AbortError');
  });
});
