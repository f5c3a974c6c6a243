import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stub was asked, one entry per request. */
interface StubRequest {
  model: string;
  temperature: number;
  stream: boolean;
  auth: string | undefined;
}

/** A local server speaking OpenAI's chat-completions protocol, for tests. */
export interface OpenAiStub {
  /** Base URL to give as AI_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: StubRequest[];
  /** Requests whose client went away before the answer was complete (Cancel, time-out). */
  abandoned: number;
  close(): Promise<void>;
}

/**
 * Starts the stub. It answers `content` after `delayMs`: as server-sent events in `pieces`
 * chunks (then `data: [DONE]`) when the request asks to stream, else as one JSON completion.
 */
export async function startOpenAiStub(options: {
  content: string;
  delayMs?: number;
  pieces?: number;
  /** Time between streamed pieces, as a model writing word by word. */
  pieceGapMs?: number;
  /**
   * A broken provider: 'malformed' streams the first piece, then a line that is not JSON;
   * 'silent' starts a stream and never sends a word; 'html-500' answers 500 with an HTML page, as
   * a proxy in front of a provider does.
   */
  failure?: 'malformed' | 'silent' | 'html-500';
}): Promise<OpenAiStub> {
  const stub: OpenAiStub = {
    baseUrl: '',
    requests: [],
    abandoned: 0,
    close: async () => {},
  };
  const answer = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const parsed = JSON.parse(body) as { model: string; temperature: number; stream?: boolean };
    stub.requests.push({
      model: parsed.model,
      temperature: parsed.temperature,
      stream: parsed.stream === true,
      auth: req.headers.authorization,
    });
    let done = false;
    res.on('close', () => {
      if (!done) stub.abandoned += 1;
    });
    const timer = setTimeout(() => {
      if (res.destroyed) return;
      if (options.failure === 'html-500') {
        done = true;
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end(
          '<html><head><title>500 Internal Server Error</title></head><body><h1>Oops</h1></body></html>',
        );
        return;
      }
      if (options.failure === 'silent' && parsed.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        return;
      }
      if (!parsed.stream) {
        res.setHeader('content-type', 'application/json');
        done = true;
        res.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 0,
            model: parsed.model,
            choices: [
              {
                index: 0,
                finish_reason: 'stop',
                message: { role: 'assistant', content: options.content },
              },
            ],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const pieces = options.pieces ?? 4;
      const size = Math.ceil(options.content.length / pieces);
      const send = (i: number) => {
        if (res.destroyed) return;
        if (options.failure === 'malformed' && i > 0) {
          done = true;
          res.end('data: {"id":"chatcmpl-1","choices":[{"delta":\n\n');
          return;
        }
        if (i >= options.content.length) {
          done = true;
          res.end('data: [DONE]\n\n');
          return;
        }
        const chunk = {
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          created: 0,
          model: parsed.model,
          choices: [
            {
              index: 0,
              delta: { content: options.content.slice(i, i + size) },
              finish_reason: null,
            },
          ],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        if (options.pieceGapMs) setTimeout(() => send(i + size), options.pieceGapMs);
        else send(i + size);
      };
      send(0);
    }, options.delayMs ?? 0);
    res.on('close', () => clearTimeout(timer));
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => answer(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}

/** A scene draft as a model writes it: JSON in a code fence. */
export function draftReply(draft: {
  description: string;
  options: { text: string; nextSceneId: string; statChanges: Record<string, number> }[];
}): string {
  return `\`\`\`json\n${JSON.stringify(draft)}\n\`\`\``;
}
