import {
  type CompiledQuery,
  createQueryId,
  type Kysely,
  type OperationNodeSource,
  type RootOperationNode,
} from 'kysely';
import type { Database } from './schema/database.ts';

/** A compiled query and where each value goes in its parameters. */
interface Compiled<K extends string> {
  query: CompiledQuery;
  /** For each parameter, the value name it takes (undefined: a constant of the query itself). */
  names: (K | undefined)[];
}

/**
 * A query whose shape never changes, built and compiled once and then run with new values:
 * building and compiling a Kysely query costs more than PostgreSQL takes to run a short one
 * (lean hot path). `build` receives a placeholder for each value name and must use each
 * exactly where a value goes. What it buys: the PostgreSQL choice and scene read skip Kysely's
 * build and compile on every request (not measured apart; compile-once.test.ts holds the
 * values in their places). Plugins still see the query on every run (transformQuery and
 * transformResult); one that changes the tree makes it compile again, as Kysely would.
 */
export function compileOnce<K extends string, R>(
  names: readonly K[],
  build: (db: Kysely<Database>, values: Record<K, string>) => OperationNodeSource,
): (db: Kysely<Database>, values: Record<K, unknown>) => Promise<R[]> {
  const placeholders = Object.fromEntries(names.map((n) => [n, `\u0000value:${n}`])) as Record<
    K,
    string
  >;
  const byPlaceholder = new Map<unknown, K>(names.map((n) => [placeholders[n], n]));
  const trees = new WeakMap<object, RootOperationNode>();
  const compiled = new WeakMap<RootOperationNode, Compiled<K>>();
  return async (db, values) => {
    const executor = db.getExecutor();
    let tree = trees.get(executor.adapter);
    if (!tree) {
      // Built without plugins: they see the tree below, on every run.
      tree = build(db.withoutPlugins(), placeholders).toOperationNode() as RootOperationNode;
      trees.set(executor.adapter, tree);
    }
    const queryId = createQueryId();
    const node = executor.transformQuery(tree, queryId);
    let c = compiled.get(node);
    if (!c) {
      const query = executor.compileQuery(node, queryId);
      c = { query, names: query.parameters.map((p) => byPlaceholder.get(p)) };
      const missing = names.filter((n) => !c!.names.includes(n));
      if (missing.length) throw new Error(`compileOnce: no parameter for ${missing.join(', ')}`);
      compiled.set(node, c);
    }
    const parameters = c.names.map((n, i) => (n === undefined ? c.query.parameters[i] : values[n]));
    const result = await executor.executeQuery<R>({ ...c.query, parameters, queryId });
    return result.rows;
  };
}
