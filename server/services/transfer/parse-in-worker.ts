import type { Worker } from 'node:worker_threads';
import type { ImportRequest } from '../../../core/api/transfer.ts';
import { TransferError } from '../../../core/transfer/format.ts';
import { parseImport } from '../../../core/transfer/parse-import.ts';
import type { TwineImport } from '../../../core/transfer/twee-import.ts';
import { startWorker } from '../background/start-worker.ts';
import type { ParseAnswer } from './parse-worker.ts';

/** Files up to this size are parsed on the spot (a few milliseconds); larger ones in the worker. */
const INLINE_PARSE_CHARS = 64 * 1024;

let worker: Worker | undefined;
/** Parses queued and not yet sent to the worker: while there are some, it is kept for them. */
let queued = 0;
/** The end of the last parse queued: settles to nothing (never the parsed file, which it would keep). */
let queue: Promise<void> = Promise.resolve();

function fromAnswer(a: ParseAnswer): TwineImport {
  if (a.ok) return JSON.parse(a.json) as TwineImport;
  if ('problem' in a) throw new TransferError(a.problem);
  throw new Error(`import parser failed: ${a.crash}`);
}

/** Sends one file to the worker (started on first use, kept while busy) and waits for it. */
function inWorker(body: ImportRequest): Promise<TwineImport> {
  queued--;
  const w = worker ?? startWorker(import.meta.url, 'parse-worker');
  worker = w;
  w.unref();
  return new Promise<TwineImport>((resolve, reject) => {
    const fail = (err: Error) => {
      if (worker === w) worker = undefined;
      reject(err);
    };
    const onError = (err: Error) => fail(err);
    const onExit = (code: number) => fail(new Error(`import parser exited with ${code}`));
    w.once('error', onError);
    w.once('exit', onExit);
    w.once('message', (a: ParseAnswer) => {
      w.off('error', onError);
      w.off('exit', onExit);
      try {
        resolve(fromAnswer(a));
      } catch (err) {
        reject(err);
      }
    });
    w.postMessage(body);
  }).finally(() => endWhenIdle(w));
}

/**
 * Ends the worker once its parse is answered, unless another parse is queued. Kept idle (it was,
 * for a minute) it held ~10 MB of RSS, its own V8 heap and the allocations of the file it had
 * parsed; starting one again costs a few tens of ms of an import that takes seconds.
 */
function endWhenIdle(w: Worker): void {
  if (queued > 0 || worker !== w) return;
  worker = undefined;
  void w.terminate();
}

/** Whether the parse worker is running (for tests). */
export const parseWorkerRunning = (): boolean => worker !== undefined;

/**
 * Parses an import file. A large one is parsed in a worker thread, so a 100,000-passage story or
 * a 45 MB file never holds the event loop (other requests are served meanwhile). One parse runs
 * in the worker at a time; the others wait their turn (imports are admin work).
 */
export function parseImportFile(body: ImportRequest): Promise<TwineImport> {
  if (body.text.length <= INLINE_PARSE_CHARS) {
    return Promise.resolve().then(() => parseImport(body));
  }
  queued++;
  const run = queue.then(() => inWorker(body));
  // The queue waits for this parse but keeps nothing of it: `run.catch()` would hold the parsed
  // file (every scene and option of the story, ~10 MB of heap for 10,000 scenes) until the next
  // import.
  queue = run.then(
    () => {},
    () => {},
  );
  return run;
}
