/**
 * The code's shape, part of `npm run lint` (docs/architecture.md 'Layout and boundaries'): fails
 * when the import graph of core/, server/, web/, scripts/, test/ and e2e/ has a circle (files
 * that import each other, type-only imports included: a circle means two modules are one, and
 * the order they load in decides what each sees), or when a source file is over 400 lines (split
 * it where a newcomer would look for the parts).
 * Usage: tsx scripts/code-shape.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['core', 'server', 'web', 'scripts', 'test', 'e2e'];
const IMPORT = /^(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(file, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(file);
  }
  return out;
}

const MAX_LINES = 400;
const tooLong: string[] = [];
const graph = new Map<string, string[]>();
for (const file of ROOTS.flatMap((root) => sourceFiles(root))) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_LINES) tooLong.push(`${file}: ${lines} lines`);
  const targets = [...text.matchAll(IMPORT)].map((m) =>
    path.normalize(path.join(path.dirname(file), m[1] as string)),
  );
  graph.set(file, targets);
}

/** Tarjan's strongly connected components: each one with two or more files is a circle. */
function circles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const found = circles();
for (const c of found) console.error(`import circle: ${c.join(' <-> ')}`);
for (const t of tooLong) console.error(`over ${MAX_LINES} lines: ${t}`);
console.log(
  `${graph.size} files, ${found.length} import circles, ${tooLong.length} over ${MAX_LINES} lines`,
);
process.exit(found.length + tooLong.length > 0 ? 1 : 0);
