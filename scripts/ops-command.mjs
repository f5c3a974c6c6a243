// `npm run admin | backup | restore -- ARGS`: the operations command in one node process. The
// compiled one in dist/server (written by npm run build and npm start) when it is newer than its
// sources, else the TypeScript through tsx's loader. Plain JavaScript, so nothing is transpiled
// before it decides: on a busy machine each extra start of node and tsx cost seconds
// (docs/operations.md "Backup and restore").
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const [name, ...args] = process.argv.slice(2);
if (!['admin', 'backup', 'restore'].includes(name ?? '')) {
  console.error('usage: node scripts/ops-command.mjs admin|backup|restore ARGS');
  process.exit(2);
}

/** Newest modification time of a file, or of the files under a folder (0 when missing). */
function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const compiled = path.join(root, 'dist/server', `${name}.js`);
const source = path.join(root, 'scripts', `${name}.ts`);
const sources = ['server', 'core', `scripts/${name}.ts`, 'package-lock.json'].map((p) =>
  newest(path.join(root, p)),
);
const fresh = existsSync(compiled) && statSync(compiled).mtimeMs >= Math.max(...sources);
const target = fresh ? compiled : source;
if (!fresh) {
  const { register } = await import('tsx/esm/api');
  register();
}
// The command sees itself as the program run (its `import.meta.url === argv[1]` check) with ARGS.
process.argv = [process.argv[0], target, ...args];
await import(pathToFileURL(target).href);
