import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_PATH } from '../../core/api/boot.ts';
import { bootData, bootDataTag } from '../services/boot-data.ts';
import { insertBefore, renderShell } from '../services/html-shell.ts';
import { preloader, type ViteManifest, withPreloads } from '../services/preload.ts';

/**
 * Serves the built web app: hashed assets with immutable caching, and the HTML shell for every
 * client route (SPA fallback). Unknown /api paths and unknown files get JSON 404s.
 */
export async function registerWeb(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  // The build's manifest names each route's chunks, for the shell's preload tags.
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: ViteManifest = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const preloadsOf = preloader(manifest);
  if (!template) app.log.warn({ webRoot }, 'web build missing: serving the API only');
  else {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: true,
      // The build writes .br and .gz copies (vite.config.ts precompress): sent to browsers that accept them.
      preCompressed: true,
      // Nothing under a dot-folder (the build's .vite/manifest.json) is public.
      dotfiles: 'ignore',
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsHtml = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/api/') || pathname === '/api' || !wantsHtml || !template) {
      if (pathname.startsWith('/api')) request.log.info({ path: pathname }, 'unknown API route');
      return reply
        .status(404)
        .send({ error: 'Not Found', message: `Route ${request.method} ${pathname} not found` });
    }
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    if (looksLikeFile) {
      return reply.status(404).send({ error: 'Not Found', message: `File ${pathname} not found` });
    }
    return sendShell(request, reply, template, pathname);
  });

  // The start screen: '/' is a folder to the static plugin (which would answer 403), so it gets its own route.
  if (template) {
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      sendShell(request, reply, template, '/'),
    );
  }

  /**
   * The HTML shell for a client route (200) or for an unknown path, footer page or scene (the
   * app's not-found screen, status 404: never a soft 404).
   */
  async function sendShell(
    request: FastifyRequest,
    reply: FastifyReply,
    html: string,
    pathname: string,
  ) {
    const shell = await renderShell(app, html, pathname);
    const known = shell.found;
    if (!known) request.log.info({ path: pathname }, 'unknown route');
    let page = withPreloads(shell.html, preloadsOf(pathname));
    // Game pages carry their first data (boot-data.ts): the page is then this browser's own.
    const boot = known && BOOT_PATH.test(pathname);
    if (boot) {
      const tag = bootDataTag(await bootData(app, request.user, pathname), shell.nonce);
      page = insertBefore(page, /<\/body>/i, tag, false);
      reply.header('vary', 'cookie');
    }
    return reply
      .status(known ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', boot ? 'private, no-cache' : 'no-cache')
      .header('content-security-policy', shellCsp(shell.nonce))
      .send(page);
  }
}

/** The HTML shell's CSP: scripts only from our origin or carrying this response's nonce. */
function shellCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
