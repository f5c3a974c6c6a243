import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trustedOrigins } from '../auth/auth.ts';
import { HttpError } from '../errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const GUARD_MESSAGES = {
  crossSite: 'Requests from other sites are not accepted',
  notJson: 'This request must be sent as JSON (Content-Type: application/json)',
  noUpload: 'This address takes no file upload; send JSON',
} as const;

/** The media type of a request without its parameters, lower case ('' when absent). */
function mediaType(request: FastifyRequest): string {
  const header = request.headers['content-type'];
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Why a state-changing request is refused as cross-site, or undefined when it may go on. A browser
 * names the page's origin in Origin (and says in Sec-Fetch-Site how it relates to this site): both
 * must say this site. A request with neither comes from a program, not a browser page, so it
 * cannot carry a victim's cookie.
 */
export function crossSiteReason(
  headers: FastifyRequest['headers'],
  allowed: readonly string[],
): string | undefined {
  const origin = headers.origin;
  if (origin !== undefined) {
    return allowed.includes(origin) ? undefined : `origin ${origin.slice(0, 100)}`;
  }
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return `sec-fetch-site ${site}`;
  return undefined;
}

/**
 * One check for every POST/PUT/PATCH/DELETE under /api (auth included), before the body is read:
 * the request must come from this site's own pages (403 otherwise), and carry JSON or no body at
 * all (415), or multipart only on a route whose schema `consumes` it (the uploads). A form or text/plain post, which a
 * browser sends to any site without asking first, is never accepted.
 */
export function registerRequestGuard(app: FastifyInstance): void {
  const allowed = trustedOrigins(app.config.publicUrl);
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return done();
    done(refusal(request, allowed));
  });
}

/** The 403/415 a state-changing /api request gets, or undefined when it may go on. */
function refusal(request: FastifyRequest, allowed: readonly string[]): HttpError | undefined {
  const reason = crossSiteReason(request.headers, allowed);
  if (reason) {
    request.log.warn({ reason, url: request.url }, 'cross-site request refused');
    return new HttpError(403, GUARD_MESSAGES.crossSite, 'cross_site');
  }
  const type = mediaType(request);
  if (type === '' || type === 'application/json') return undefined;
  if (type === 'multipart/form-data') {
    // Upload routes say so in their schema (`consumes`), which the OpenAPI document shows too.
    const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
    if (consumes?.includes('multipart/form-data')) return undefined;
    return new HttpError(415, GUARD_MESSAGES.noUpload, 'unsupported_media_type');
  }
  return new HttpError(415, GUARD_MESSAGES.notJson, 'unsupported_media_type');
}
