import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftReply, type OpenAiStub, startOpenAiStub } from '../../../test/server/openai-stub.ts';
import type { Config } from '../../config.ts';
import { generateSceneDraft, type Log, streamSceneDraft } from './scene-draft.ts';

/** A port nothing listens on (taken, then given back). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A logger that keeps what it was told. */
function collector(): Log & { lines: { obj: Record<string, unknown>; msg: string }[] } {
  const lines: { obj: Record<string, unknown>; msg: string }[] = [];
  return { lines, warn: (obj, msg) => lines.push({ obj: obj as Record<string, unknown>, msg }) };
}

const input = { title: 'Rain' };
const never = new AbortController().signal;
const noText = { onText: () => {} };

describe('honest AI failure messages', () => {
  let slow: OpenAiStub;
  let ai: Config['ai'];
  beforeAll(async () => {
    // Answers after 8 s: longer than the 5 s budget.
    slow = await startOpenAiStub({
      content: draftReply({ description: 'Late.', options: [] }),
      delayMs: 8_000,
    });
    ai = { apiKey: 'sk-test', model: 'tiny', baseUrl: slow.baseUrl, timeoutMs: 5_000 };
  });
  afterAll(() => slow.close());

  it("says 'The AI did not answer within 5 s' when the provider is slow (streamed and not), and logs it", async () => {
    for (const run of [
      (log: Log) => streamSceneDraft(ai, input, noText, never, log),
      (log: Log) => generateSceneDraft(ai, input, log),
    ]) {
      const log = collector();
      const err = await run(log).then(
        () => null,
        (e: unknown) => e as { statusCode: number; message: string },
      );
      expect(err?.statusCode).toBe(504);
      expect(err?.message).toMatch(/^The AI did not answer within 5 s\. /);
      expect(log.lines).toEqual([
        {
          msg: 'AI provider did not answer in time',
          obj: { host: new URL(slow.baseUrl).host, timeoutMs: 5_000 },
        },
      ]);
    }
  }, 30_000);

  it('names the host it cannot reach when AI_BASE_URL is a dead port, and logs ECONNREFUSED', async () => {
    const port = await deadPort();
    const dead = { ...ai, baseUrl: `http://127.0.0.1:${port}/v1` };
    for (const run of [
      (log: Log) => streamSceneDraft(dead, input, noText, never, log),
      (log: Log) => generateSceneDraft(dead, input, log),
    ]) {
      const log = collector();
      const err = await run(log).then(
        () => null,
        (e: unknown) => e as { statusCode: number; message: string },
      );
      expect(err?.statusCode).toBe(502);
      expect(err?.message).toBe(
        `Could not reach the AI at 127.0.0.1:${port}: nothing answers there (connection refused). Check AI_BASE_URL in the server's environment.`,
      );
      // Said once: never 'Failed to generate content - Failed to generate content'.
      expect(err?.message).not.toContain('Failed to generate content');
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]?.msg).toBe('AI provider unreachable (ECONNREFUSED)');
      expect(log.lines[0]?.obj).toMatchObject({ host: `127.0.0.1:${port}`, code: 'ECONNREFUSED' });
    }
  });
});

describe('true messages for broken answers', () => {
  const stubs: OpenAiStub[] = [];
  const start = async (options: Parameters<typeof startOpenAiStub>[0]) => {
    const stub = await startOpenAiStub(options);
    stubs.push(stub);
    return { apiKey: 'sk-test', model: 'tiny', baseUrl: stub.baseUrl, timeoutMs: 1_000 };
  };
  afterAll(() => Promise.all(stubs.map((s) => s.close())));
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: unknown) => e as { statusCode: number; message: string },
    );
  const content = draftReply({ description: 'Rain on the market.', options: [] });

  it('a stream that breaks after text says it broke off, not that the AI cannot be reached', async () => {
    const ai = await start({ content, pieces: 4, failure: 'malformed' });
    const texts: string[] = [];
    const err = await failure(
      streamSceneDraft(ai, input, { onText: (t) => texts.push(t) }, never, collector()),
    );
    expect(texts.length).toBeGreaterThan(0);
    expect(err?.statusCode).toBe(502);
    expect(err?.message).toBe(
      'The AI stopped partway through the draft: its answer was not in the expected format. Try again.',
    );
  });

  it("a slow stream and a silent one say 'did not answer within N s'", async () => {
    const slow = await start({ content, pieces: 20, pieceGapMs: 200 });
    const silent = await start({ content, failure: 'silent' });
    for (const ai of [slow, silent]) {
      const log = collector();
      const err = await failure(streamSceneDraft(ai, input, noText, never, log));
      expect(err?.statusCode).toBe(504);
      expect(err?.message).toMatch(/^The AI did not answer within 1 s\. /);
      expect(log.lines.map((l) => l.msg)).toEqual(['AI provider did not answer in time']);
    }
  });

  it('a 500 with an HTML page says what happened in words, with no HTML', async () => {
    const ai = await start({ content, failure: 'html-500' });
    for (const run of [
      () => streamSceneDraft(ai, input, noText, never, collector()),
      () => generateSceneDraft(ai, input, collector()),
    ]) {
      const err = await failure(run());
      expect(err?.statusCode).toBe(502);
      expect(err?.message).toBe(
        `The AI service at ${new URL(ai.baseUrl).host} answered with an error (HTTP 500) and no message. Try again later.`,
      );
      expect(err?.message).not.toMatch(/[<>]/);
    }
  });
});
