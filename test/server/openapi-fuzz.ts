import fc from 'fast-check';

/** The parts of a JSON Schema the generated OpenAPI document uses. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  /** e.g. /api/admin/scenes/{id} */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  /** JSON body schema, or undefined when the route takes none (or not as JSON). */
  body: JsonSchema | undefined;
  /** True for an upload route (its body is multipart/form-data). */
  multipart: boolean;
}

/** A request the fuzzer sends. */
export interface FuzzRequest {
  method: string;
  url: string;
  /** Raw body text (sent as application/json), or undefined. */
  payload: string | undefined;
}

interface OpenApiDoc {
  components?: { schemas?: Record<string, JsonSchema> };
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/**
 * A schema with its `$ref`s to named components replaced by the components themselves (the
 * document names its main shapes: server/plugins/openapi-schemas.ts). A component that refers
 * to itself is cut at its second appearance.
 */
function resolved(value: unknown, doc: OpenApiDoc, seen: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => resolved(v, doc, seen));
  if (!value || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const id = ref.replace('#/components/schemas/', '');
    if (seen.includes(id)) return {};
    return resolved(doc.components?.schemas?.[id] ?? {}, doc, [...seen, id]);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(v, doc, seen)]));
}

/** Every operation of an OpenAPI document. */
export function operationsOf(input: OpenApiDoc): Operation[] {
  const doc = { ...input, paths: resolved(input.paths, input) as OpenApiDoc['paths'] };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema,
        multipart: op.requestBody?.content?.['multipart/form-data'] !== undefined,
      });
    }
  }
  return ops;
}

/** About 100 kB of text: larger than every field limit, smaller than the 1 MB body limit. */
const huge = fc
  .constantFrom('x', 'é', '😀', '<', '\u0000')
  .map((c) => c.repeat(100_000 / c.length));
const unicode = fc.string({ unit: 'binary', maxLength: 40 });
const tricky = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  "'; drop table scenarios; --",
  '<script>alert(1)</script>',
  'pending-',
  'NaN',
  '1e309',
  '\u202e\u0000\ud800',
);

/** Any string a hostile client might send. */
function nastyString(known: readonly string[] = []): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [fc.string({ maxLength: 30 }), unicode, tricky, huge];
  if (known.length > 0) options.push(fc.constantFrom(...known));
  return fc.oneof(...options);
}

/** A value of any JSON type, including the awkward ones. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 0.5),
  nastyString(),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/**
 * Values for a schema: mostly of the expected shape (so requests reach the route's code) with
 * wrong types, out-of-range numbers, huge and unicode strings and missing or extra fields mixed in.
 */
function valueFor(schema: JsonSchema, known: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => valueFor(s, known, depth + 1)), anyJson);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let shaped: fc.Arbitrary<unknown>;
  if (schema.enum && schema.enum.length > 0) shaped = fc.constantFrom(...schema.enum);
  else if (type === 'string') shaped = nastyString(known);
  else if (type === 'integer' || type === 'number') {
    shaped = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 100, 1e15, -1e15, 0.25),
    );
  } else if (type === 'boolean') shaped = fc.boolean();
  else if (type === 'array') {
    shaped =
      depth > 3
        ? fc.constant([])
        : fc.array(valueFor(schema.items ?? {}, known, depth + 1), { maxLength: 4 });
  } else if (type === 'object' || schema.properties) shaped = objectFor(schema, known, depth);
  else shaped = anyJson;
  // OpenAPI 3.1 says null as a second type ('string', 'null'); 3.0 said nullable.
  const nullable = schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null'));
  const withNull = nullable ? fc.oneof(shaped, fc.constant(null)) : shaped;
  return fc.oneof({ weight: 4, arbitrary: withNull }, { weight: 1, arbitrary: anyJson });
}

function objectFor(
  schema: JsonSchema,
  known: readonly string[],
  depth: number,
): fc.Arbitrary<unknown> {
  if (depth > 3) return fc.constant({});
  const props = schema.properties ?? {};
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, s] of Object.entries(props)) shape[k] = valueFor(s, known, depth + 1);
  // Every field may go missing, and an unknown one may come along.
  return fc
    .tuple(
      fc.record(shape, { requiredKeys: [] }),
      fc.option(fc.tuple(fc.constantFrom('extra', 'stats', '__proto__', 'gold'), anyJson)),
    )
    .map(([o, extra]) => (extra ? { ...o, [extra[0]]: extra[1] } : o));
}

/** Requests for one operation: path params, query and body from the schemas, or raw junk bodies. */
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function requestFor(op: Operation, known: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const param = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...(known.length ? known : ['x'])) },
    {
      weight: 3,
      arbitrary: fc.oneof(
        fc.string({ maxLength: 30 }),
        unicode,
        tricky,
        fc.constant('y'.repeat(2000)),
      ),
    },
  );
  const params = fc.tuple(...op.pathParams.map(() => param));
  const query = fc.tuple(
    ...op.query.map((q) =>
      fc.option(
        valueFor(q.schema, known).map((v) => [
          q.name,
          typeof v === 'string' ? v : JSON.stringify(v),
        ]),
      ),
    ),
  );
  const body: fc.Arbitrary<string | undefined> = op.body
    ? fc.oneof(
        { weight: 6, arbitrary: valueFor(op.body, known).map((v) => JSON.stringify(v)) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('{', '{"a":', 'not json', '[]', '""', 'null', '1'),
        },
      )
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constant('{}') },
      );
  return fc.tuple(params, query, body).map(([ps, qs, payload]) => {
    let i = 0;
    const path = op.path.replace(/\{[^}]+\}/g, () =>
      // A lone surrogate cannot be percent-encoded (URIError): send U+FFFD in its place.
      encodeURIComponent(String(ps[i++]).replace(LONE_SURROGATE, '\uFFFD')),
    );
    const search = new URLSearchParams(
      qs.filter((q): q is string[] => q !== null) as [string, string][],
    );
    const url = search.size > 0 ? `${path}?${search}` : path;
    const sendsBody = op.method !== 'GET' && op.method !== 'DELETE' && op.method !== 'HEAD';
    return { method: op.method, url, payload: sendsBody ? payload : undefined };
  });
}
