import { isDeepStrictEqual } from 'node:util';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';

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
  await app.register(swagger, {
    openapi: {
      info: { title: 'SEO Adventure API', version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
    },
    transform: (input) => withUploadBody(jsonSchemaTransform(input)),
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
