/**
 * The last touches of the served OpenAPI document (docs/api.md "What the document is"), applied
 * to the whole document once it is generated: a tag list with descriptions, the components
 * nobody refers to removed (and an input-only shape named without its `Input` suffix), and a
 * description on every answer and operation. Pure functions over plain JSON.
 */

import { ERROR_MEANINGS } from './api-contract.ts';

type Json = Record<string, unknown>;
type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  responses?: Record<string, Json>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

/** What each group of operations is for (the document's `tags`). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Sign up, sign in (or start a guest game) and sign out; the answer sets the session cookie',
  system: 'Health and the running server',
  play: 'The game as a player (or guest) plays it: the game, scenes, decisions and the world around them',
  consultants: 'The public directory of consultants and applications to it',
  pages: 'Public pages (about, privacy, ...)',
  teach: "Class mode: a teacher's classes and their students (docs/class-mode.md)",
  join: 'Joining a class by its code',
  files: 'Uploaded images, by content hash',
};

/** The tag of an operation that names none: its area, from the path ('/api/admin/news' → 'admin: news'). */
function tagOfPath(path: string): string {
  const parts = path.split('/').filter((p) => p && !p.startsWith('{'));
  if (parts[0] === 'uploads') return 'files';
  const rest = parts[0] === 'api' ? parts.slice(1) : parts;
  if (rest[0] === 'admin') return `admin: ${rest[1] ?? 'admin'}`;
  return rest[0] ?? 'system';
}

function tagDescription(tag: string): string {
  if (TAG_DESCRIPTIONS[tag]) return TAG_DESCRIPTIONS[tag];
  if (tag.startsWith('admin: ')) {
    return `Admin: ${tag.slice('admin: '.length)} (a session whose user has the admin role)`;
  }
  return `Operations under /api/${tag}`;
}

function operationsOf(doc: Json): [string, Operation][] {
  const out: [string, Operation][] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (op) out.push([path, op]);
    }
  }
  return out;
}

/** Every `$ref` to a component schema found anywhere in `value`. */
function refsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        into.add(v.slice('#/components/schemas/'.length));
      } else refsIn(v, into);
    }
  }
  return into;
}

/** Rewrites `$ref`s to renamed components. */
function renameRefs(value: unknown, renames: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, renames));
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string') {
      const id = v.slice('#/components/schemas/'.length);
      out[k] = renames.has(id) ? `#/components/schemas/${renames.get(id)}` : v;
    } else out[k] = renameRefs(v, renames);
  }
  return out;
}

/**
 * Keeps the component schemas the document uses: fastify-type-provider-zod writes an output and
 * an input (`…Input`) variant of every named schema. An input variant whose output twin is unused
 * takes the plain name (`ChoiceRequestInput` → `ChoiceRequest`).
 */
function pruneComponents(doc: Json): Json {
  const components = (doc.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Record<string, unknown>;
  const { components: _, ...rest } = doc;
  // Reachable from the paths, then from the schemas they reach.
  const used = refsIn(rest, new Set());
  for (let grew = true; grew; ) {
    grew = false;
    for (const id of [...used]) {
      for (const ref of refsIn(schemas[id], new Set())) {
        if (!used.has(ref)) {
          used.add(ref);
          grew = true;
        }
      }
    }
  }
  const renames = new Map<string, string>();
  for (const id of used) {
    const plain = id.endsWith('Input') ? id.slice(0, -'Input'.length) : undefined;
    if (plain && !used.has(plain)) renames.set(id, plain);
  }
  const kept: Record<string, unknown> = {};
  for (const id of [...used].sort()) {
    if (schemas[id] !== undefined) kept[renames.get(id) ?? id] = schemas[id];
  }
  return renameRefs({ ...doc, components: { ...components, schemas: kept } }, renames) as Json;
}

/**
 * A `oneOf` of named shapes that each fix one property to a constant (a zod discriminated union,
 * e.g. ChoiceAnswer's `kind`) gets the OpenAPI `discriminator` with its mapping, so generated
 * clients tell the shapes apart by that property.
 */
function addDiscriminators(doc: Json): void {
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const REF = '#/components/schemas/';
  for (const schema of Object.values(schemas)) {
    const branches = schema.oneOf as { $ref?: string }[] | undefined;
    if (!branches?.length || !branches.every((b) => b.$ref?.startsWith(REF))) continue;
    const consts = branches.map((b) => {
      const target = schemas[b.$ref!.slice(REF.length)] as
        | { properties?: Record<string, { const?: unknown }>; required?: string[] }
        | undefined;
      return Object.entries(target?.properties ?? {})
        .filter(([k, p]) => typeof p.const === 'string' && target?.required?.includes(k))
        .map(([k, p]) => [k, p.const as string] as const);
    });
    const property = consts[0]?.find(([k]) => consts.every((c) => c.some(([n]) => n === k)))?.[0];
    if (!property) continue;
    const mapping: Record<string, string> = {};
    branches.forEach((b, i) => {
      mapping[consts[i]!.find(([k]) => k === property)![1]] = b.$ref!;
    });
    schema.discriminator = { propertyName: property, mapping };
  }
}

/** What an operation's access needs, as a sentence for its description. */
function accessNote(op: Operation): string {
  if (!op.security || op.security.length === 0) return 'Needs no session.';
  return 'Needs a session (the session cookie; a guest session counts): 401 without one.';
}

/**
 * The finished document: tags declared with descriptions, unused components gone, every
 * operation described (its summary and what access it needs) and every answer described.
 */
export function finishDocument(input: Json): Json {
  const doc = pruneComponents(input);
  addDiscriminators(doc);
  const tags = new Set<string>();
  for (const [path, op] of operationsOf(doc)) {
    if (!op.tags?.length) op.tags = [tagOfPath(path)];
    for (const tag of op.tags) tags.add(tag);
    if (!op.description) {
      op.description = [op.summary ? `${op.summary}.` : '', accessNote(op)]
        .filter(Boolean)
        .join(' ');
    }
    for (const [status, answer] of Object.entries(op.responses ?? {})) {
      if (answer.description === 'Default Response' || !answer.description) {
        answer.description = status.startsWith('2')
          ? (op.summary ?? 'Done')
          : (ERROR_MEANINGS[Number(status)] ?? 'Error');
      }
    }
  }
  doc.tags = [...tags].sort().map((name) => ({ name, description: tagDescription(name) }));
  return doc;
}
