import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const toSqlite = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

class BooleanTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const n = super.transformValue(node);
    return typeof n.value === 'boolean' ? { ...n, value: toSqlite(n.value) } : n;
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    const n = super.transformPrimitiveValueList(node);
    return { ...n, values: n.values.map(toSqlite) };
  }
}

/**
 * better-sqlite3 refuses JS booleans as parameters; this stores them as 1/0.
 * Reading back, repositories turn 0/1 into booleans so both engines return the same rows.
 */
export class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
