import { isDeepStrictEqual } from 'node:util';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sessionCookieName } from '../auth/auth.ts';
import { documentRoute, errorSchema } from './api-contract.ts';
import { withAuthPaths } from './openapi-auth.ts';
import { finishDocument } from './openapi-document.ts';
import { registerNamedSchemas } from './openapi-schemas.ts';

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
  registerNamedSchemas();
  // (A bare test instance may have no config.)
  const publicUrl = app.config?.publicUrl;
  const secure = publicUrl?.startsWith('https:') ?? false;
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12, so a value that may be null is `type: [..., 'null']`.
      openapi: '3.1.0',
      info: {
        title: 'SEO Adventure API',
        version: '1.0.0',
        description:
          'Sign in with POST /api/auth/sign-in/email (or start a guest game with POST /api/auth/sign-in/anonymous); the answer sets the session cookie every other call sends. A write (POST, PUT, PATCH, DELETE) from a browser page must come from this site (its Origin); a request that names no Origin and no Sec-Fetch-Site (a program, not a page) is served. The stats are named by their keys (health, strength, ...): the Stats schema says what players see for each (health = SEO Ranking, ...).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        contact: { name: 'SEO Adventure', url: publicUrl ?? 'http://localhost:3000' },
      },
      servers: [{ url: publicUrl ?? '/', description: 'This server (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(secure),
            description:
              'The session cookie set by sign-in, sign-up or a guest sign-in (POST /api/auth/...)',
          },
        },
      },
    },
    transform: (input) => withSuccess(withUploadBody(jsonSchemaTransform(withNamedErrors(input)))),
    transformObject: (documents) =>
      finishDocument(
        jsonSchemaTransformObject({
          ...documents,
          openapiObject: withAuthPaths(documents),
        } as never) as never,
      ) as never,
  });
}

/**
 * The error answers (`errors(...)`, each a described copy of errorSchema) refer to the named
 * Error schema, their meaning kept as the answer's description.
 */
function withNamedErrors<T extends { schema: unknown }>(input: T): T {
  const schema = input.schema as { response?: Record<string, unknown> } | undefined;
  if (!schema?.response) return input;
  const response: Record<string, unknown> = {};
  for (const [status, body] of Object.entries(schema.response)) {
    const zod = body as z.ZodType | undefined;
    response[status] =
      zod?._zod?.def === errorSchema._zod.def && zod !== errorSchema
        ? { description: zod.description, content: { 'application/json': { schema: errorSchema } } }
        : body;
  }
  return { ...input, schema: { ...schema, response } };
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
