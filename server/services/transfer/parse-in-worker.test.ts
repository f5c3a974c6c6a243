import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { parseImportFile, parseWorkerRunning } from './parse-in-worker.ts';

// A full garbage collection on demand (the flag must be set before the context is made).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Parses a story too big to parse inline (it goes to the worker) and keeps weak references only. */
async function parseBigStory(): Promise<{ file: WeakRef<object>; parsed: WeakRef<object> }> {
  let twee = ':: StoryTitle\nBig\n\n';
  for (let i = 0; i < 3000; i++) twee += `:: P${i}\nText ${i} [[Go->P${(i + 1) % 3000}]]\n\n`;
  const body = { format: 'twee' as const, text: twee };
  const parsed = await parseImportFile(body);
  expect(parsed.bundle.scenes).toHaveLength(3000);
  return { file: new WeakRef(body), parsed: new WeakRef(parsed) };
}

it('keeps neither the file nor the parsed story once the caller is done with them', async () => {
  const { file, parsed } = await parseBigStory();
  // WeakRefs hold their target until the end of the job that made them.
  await new Promise((r) => setImmediate(r));
  gc();
  // The queue of parses held the last parsed story, and the worker's idle timer the file's text
  // for a minute, both after the import was over.
  expect(parsed.deref()).toBeUndefined();
  expect(file.deref()).toBeUndefined();
});

it('ends the worker once no parse is left, and parses queued together in one worker', async () => {
  const both = [parseBigStory(), parseBigStory()];
  // The second waits in the queue while the first is parsed.
  expect(parseWorkerRunning()).toBe(false);
  await both[0];
  // The first is answered: the worker is kept for the second, queued already.
  expect(parseWorkerRunning()).toBe(true);
  await both[1];
  // Kept idle, it held its V8 heap and what the file left in it (~10 MB of RSS) for a minute.
  expect(parseWorkerRunning()).toBe(false);
});
