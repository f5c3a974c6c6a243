import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import {
  draftReply,
  type OpenAiStub,
  startOpenAiStub,
} from '../../../../test/server/openai-stub.ts';
import { openSceneKit, type SceneKit } from '../../../../test/server/scene-kit.ts';

const DRAFT = {
  description: 'Rain hits the market. "Umbrellas" sell.',
  options: [{ text: 'Sell rain hats', nextSceneId: 'rain-hats', statChanges: { revenue: 5 } }],
};
const lines = (payload: string) =>
  payload
    .trim()
    .split('\n')
    .map(
      (l) =>
        JSON.parse(l) as {
          type: string;
          text?: string;
          draft?: unknown;
          status?: number;
          message?: string;
        },
    );

// The provider is a stub; the database plays no part, so SQLite alone is enough.
const sqlite = testEngines.filter((e) => e.name === 'sqlite');

describe.each(sqlite)('streamed AI drafts on $name', (engine) => {
  let stub: OpenAiStub;
  let slow: OpenAiStub;
  let k: SceneKit;
  let timingOut: SceneKit;
  beforeAll(async () => {
    stub = await startOpenAiStub({ content: draftReply(DRAFT), pieces: 5 });
    slow = await startOpenAiStub({ content: draftReply(DRAFT), delayMs: 5_000 });
    const ai = { apiKey: 'sk-test', model: 'tiny', baseUrl: stub.baseUrl, timeoutMs: 10_000 };
    k = await openSceneKit(engine, { config: { ai } });
    timingOut = await openSceneKit(engine, {
      config: { ai: { ...ai, baseUrl: slow.baseUrl, timeoutMs: 300 } },
    });
  });
  afterAll(async () => {
    await k.close();
    await timingOut.close();
    await stub.close();
    await slow.close();
  });

  it('streams the text as the model writes it, then the checked draft', async () => {
    const res = await k.call('POST', '/api/admin/ai/scene/stream', { title: 'Rain' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const got = lines(res.payload);
    const texts = got.filter((l) => l.type === 'text');
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.map((t) => t.text).join('')).toBe(draftReply(DRAFT));
    const last = got.at(-1);
    expect(last?.type).toBe('draft');
    const draft = last?.draft as { description: string; options: unknown[] };
    expect(draft.description).toBe(DRAFT.description);
    // Checked like every draft: 4 options, each costing gold.
    expect(draft.options).toHaveLength(4);
    expect(draft.options[0]).toMatchObject({
      text: 'Sell rain hats',
      statChanges: { revenue: 5, gold: -10 },
    });
    expect(stub.requests.at(-1)).toMatchObject({
      stream: true,
      model: 'tiny',
      auth: 'Bearer sk-test',
    });
  });

  it('refuses a missing title before streaming, and players', async () => {
    const res = await k.call('POST', '/api/admin/ai/scene/stream', { title: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a scene title first');
    const player = await k.call('POST', '/api/admin/ai/scene/stream', { title: 'x' }, k.player);
    expect(player.statusCode).toBe(403);
  });

  it('gives up after the one AI_TIMEOUT_SECONDS budget, saying so, with no retry', async () => {
    const res = await timingOut.call('POST', '/api/admin/ai/scene/stream', { title: 'Rain' });
    expect(lines(res.payload)).toEqual([
      {
        type: 'error',
        status: 504,
        message:
          "The AI did not answer within 1 s. Try again, or raise AI_TIMEOUT_SECONDS in the server's environment.",
      },
    ]);
    expect(slow.requests).toHaveLength(1);
  });
});
