import { parentPort } from 'node:worker_threads';
import type { ImportRequest } from '../../../core/api/transfer.ts';
import { TransferError } from '../../../core/transfer/format.ts';
import { parseImport } from '../../../core/transfer/parse-import.ts';

/**
 * A worker thread that parses import files (parse-in-worker.ts), one message each, and answers
 * with the result as JSON text (cheaper to pass back than a cloned object graph), or the file's
 * problem.
 */
export type ParseAnswer =
  | { ok: true; json: string }
  | { ok: false; problem: string }
  | { ok: false; crash: string };

export function answer(body: ImportRequest): ParseAnswer {
  try {
    return { ok: true, json: JSON.stringify(parseImport(body)) };
  } catch (err) {
    if (err instanceof TransferError) return { ok: false, problem: err.message };
    return { ok: false, crash: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

parentPort?.on('message', (body: ImportRequest) => parentPort?.postMessage(answer(body)));
