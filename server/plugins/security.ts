import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../core/api/uploads.ts';
import { addressKey } from './address-key.ts';
import { zodSchemaController } from './openapi.ts';

/** The security headers of every answer: helmet's, with a CSP that allows no inline scripts. */
export function helmetOptions(secure: boolean): FastifyHelmetOptions {
  return {
    // The HTML shell sets its own per-request CSP with a nonce (see services/html-shell.ts); this is the default for the rest.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https:'],
        mediaSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: secure,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/** Headers Fastify itself puts on an answer (not helmet's). */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sets with these options, read once from a throwaway Fastify instance.
 * @fastify/helmet builds a new helmet middleware (parsing the CSP directives again) on every
 * request; the headers never change, so the server sets them from this list instead
 * (~4 % of a scene read went to rebuilding them).
 */
async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false, schemaController: zodSchemaController });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!OWN_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** Security headers (CSP without inline scripts), rate limiting (opt-in per route) and multipart limits. */
export async function registerSecurity(app: FastifyInstance, secure: boolean): Promise<void> {
  const headers = await securityHeaders(helmetOptions(secure));
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  // Every answer carries them; a route may replace one (the HTML shell's CSP with its nonce).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Per address as every limit is keyed: an IPv6 client by its /64 (address-key.ts).
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => addressKey(request.ip),
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
}
