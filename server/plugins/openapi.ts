import { isDeepStrictEqual } from 'node:util';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { sessionCookieName } from '../auth/auth.ts';
import { documentRoute } from './api-contract.ts';
import { withAuthPaths } from './openapi-auth.ts';

/**
 * zod validates and serialises every route: Fastify's schemaController option. Given when the
 * instance is made (not by setValidatorCompiler), Fastify never loads its default compilers (ajv
 * and fast-json-stringify, ~2 MB of memory), which no route uses.
 */
export const zodSchemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: () => validatorCompiler as never,
    buildSerializer: () => presentedOrZodSerializer as never,
  },
};

/** Response schemas whose answers are built field by field by presenters typed from them. */
const presented = new WeakSet<object>();

/**
 * Marks a response schema whose answers come from typed presenters (the busiest play answers):
 * they are sent as JSON.stringify gives them, without zod encoding them again (~4 % of a scene
 * read or a choice). The schema still documents the route. Under the tests (VITEST) zod still
 * encodes each answer and a difference (a field the schema lacks, a wrong type) fails the request.
 */
export function presentedResponse<T extends object>(schema: T): T {
  presented.add(schema);
  return schema;
}

const checkPresented = process.env.VITEST !== undefined;

type SerializerContext = Parameters<typeof serializerCompiler>[0];

function presentedOrZodSerializer(context: SerializerContext): (data: unknown) => string {
  const zod = serializerCompiler(context);
  if (!presented.has(context.schema as object)) return zod;
  if (!checkPresented) return (data) => JSON.stringify(data);
  return (data) => {
    const encoded = zod(data);
    const plain = JSON.stringify(data);
    if (!isDeepStrictEqual(JSON.parse(encoded), JSON.parse(plain))) {
      throw new Error(
        `${context.method} ${context.url}: the answer differs from its schema's encoding`,
      );
    }
    return plain;
  };
}

/** The OpenAPI document, generated from the zod schemas that validate and serialise every route (app.ts). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Every route added after this gets its operationId, security and error answers (docs/api.md).
  app.addHook('onRoute', documentRoute);
  // (A bare test instance may have no config.)
  const secure = app.config?.publicUrl.startsWith('https:') ?? false;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SEO Adventure API',
        version: '1.0.0',
        description:
          'Sign in with POST /api/auth/sign-in/email (or start a guest game with POST /api/auth/sign-in/anonymous); the answer sets the session cookie every other call sends. Writes must come from this site (Origin) or name no Origin at all.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(secure) },
        },
      },
    },
    transform: (input) => withSuccess(withUploadBody(jsonSchemaTransform(input))),
    transformObject: (documents) => withAuthPaths(documents) as never,
  });
}

/** The multipart body of an upload route (its file is read from the stream, not validated by a schema). */
const UPLOAD_BODY = {
  type: 'object',
  properties: { file: { type: 'string', format: 'binary' }, bucket: { type: 'string' } },
  required: ['file'],
};

/** Upload routes `consume` multipart/form-data: the document shows that body, so clients and the fuzz test know it. */
function withUploadBody<T extends { schema: unknown }>(result: T): T {
  const schema = result.schema as { consumes?: string[]; body?: unknown } | undefined;
  if (!schema?.consumes?.includes('multipart/form-data') || schema.body) return result;
  return { ...result, schema: { ...schema, body: UPLOAD_BODY } };
}

/**
 * A route that answers a file (an export, an image) has no success schema: the document still
 * says what it answers, so no client meets an undocumented 200.
 */
function withSuccess<T extends { schema: unknown; url: string }>(result: T): T {
  const schema = result.schema as
    | { response?: Record<string, unknown>; hide?: boolean }
    | undefined;
  if (!schema || schema.hide) return result;
  const response = schema.response ?? {};
  if (Object.keys(response).some((status) => status.startsWith('2'))) return result;
  const file = result.url.startsWith('/uploads/')
    ? { 'image/*': { schema: { type: 'string', format: 'binary' } } }
    : { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } };
  return {
    ...result,
    schema: {
      ...schema,
      response: { ...response, 200: { description: 'The file', content: file } },
    },
  };
}
