import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Transform, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_PATH } from '../../core/api/boot.ts';
import { isClientOnlyRoute } from '../../core/routes.ts';
import type * as SsrEntryModule from '../../web/entry-server.tsx';
import { bootData, bootDataTag } from '../services/boot-data.ts';
import { insertBefore, renderShell } from '../services/html-shell.ts';
import {
  loaderTag,
  preloader,
  type ViteManifest,
  withoutModuleTags,
  withPreloads,
} from '../services/preload.ts';

/**
 * The server entry of the web app (web/entry-server.tsx): renders a page of the route table. The
 * one import from server/ into web/, named as the exception in biome.json's boundary rules.
 */
type SsrEntry = typeof SsrEntryModule;

/** Where the page's server-rendered HTML goes in index.html. */
const ROOT = '<div id="root"></div>';

/**
 * The server renderer: the Vite SSR build next to the web build (dist/ssr/entry-server.js, from
 * `npm run build`) when this server runs compiled; the source itself under tsx or Vitest.
 * Without either the pages are served as the bare shell and rendered in the browser. Loaded on
 * the first page request, not at start: an API-only or idle server does not carry React's server
 * renderer and the app's screens (about 10 MB).
 */
function ssrLoader(app: FastifyInstance, webRoot: string): (() => Promise<SsrEntry>) | null {
  const compiled = !import.meta.url.endsWith('.ts');
  const file = compiled
    ? path.join(webRoot, '..', 'ssr', 'entry-server.js')
    : path.resolve(import.meta.dirname, '../../web/entry-server.tsx');
  if (!existsSync(file)) {
    app.log.warn({ file }, 'server renderer missing: pages are rendered in the browser only');
    return null;
  }
  let loading: Promise<SsrEntry> | undefined;
  return () => {
    loading ??= import(pathToFileURL(file).href) as Promise<SsrEntry>;
    return loading;
  };
}

/**
 * Serves the built web app: hashed assets with immutable caching, and every client route as a
 * page rendered on the server (web/entry-server.tsx) and hydrated in the browser; the admin area
 * gets the bare shell (a client-only lazy chunk). Unknown /api paths and unknown files get JSON
 * 404s.
 */
export async function registerWeb(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const built = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  // The build's manifest names each route's chunks, for the shell's preload tags.
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: ViteManifest = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const preloadsOf = preloader(manifest);
  // With a manifest, pages load the app through the loader (preload.ts loaderTag).
  const template = built && Object.keys(manifest).length > 0 ? withoutModuleTags(built) : built;
  const ssr = template?.includes(ROOT) ? ssrLoader(app, webRoot) : null;
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
   * A page: the shell with its meta tags, and inside it the screen rendered on the server with
   * the data it was rendered from (boot data) for the browser to hydrate. Status 404 for an
   * unknown path, footer page or scene (the app's not-found screen: never a soft 404).
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
    const preloads = preloadsOf(pathname);
    const page = withPreloads(shell.html, preloads.head);
    const admin = isClientOnlyRoute(pathname);
    // Game pages carry the player's own data: the page is then this browser's own.
    const own = known && BOOT_PATH.test(pathname);
    // The start screen carries a new game only without a session (boot-data.ts): it differs by cookie.
    const byCookie = own || pathname === '/';
    const encoding = pageEncoding(request.headers['accept-encoding']);
    reply
      .status(known ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', own ? 'private, no-cache' : 'no-cache')
      .header('vary', byCookie ? 'cookie, accept-encoding' : 'accept-encoding')
      .header('content-security-policy', shellCsp(shell.nonce));
    if (encoding) reply.header('content-encoding', encoding);
    // The page's bytes go through this stream: compressed when the browser takes it.
    const out: Transform = encoding ? compressor(encoding) : new PassThrough();
    // The app's loader; only a server-rendered page has something to paint before the app runs.
    const withLoader = (h: string, afterPaint: boolean) => {
      const loader = loaderTag(shell.nonce, preloads.modules, afterPaint);
      return loader ? insertBefore(h, /<\/body>/i, loader, false) : h;
    };
    const send = (whole: string) => {
      out.end(withLoader(whole, false));
      return reply.send(out);
    };
    if (admin || !ssr) return send(page);

    const data = await bootData(app, request.user, pathname);
    const withData = (h: string) =>
      insertBefore(h, /<\/body>/i, bootDataTag(data, shell.nonce), false);
    let rendered: Awaited<ReturnType<SsrEntry['render']>>;
    try {
      rendered = await (await ssr()).render(
        `${app.config.publicUrl}${request.url}`,
        data,
        shell.nonce,
        (err) => request.log.error({ err, path: pathname }, 'server rendering error'),
      );
    } catch (err) {
      // The browser renders the page itself then: it has the shell and the data.
      request.log.error({ err, path: pathname }, 'server rendering failed');
      return send(withData(page));
    }
    if ('redirect' in rendered) {
      if (known) {
        reply.removeHeader('content-encoding');
        return reply.redirect(rendered.redirect, rendered.status);
      }
      return send(withData(page));
    }
    if (rendered.status === 404) reply.status(404);
    data.router = rendered.hydration;
    const at = page.indexOf(ROOT);
    const head = `${page.slice(0, at)}<div id="root">`;
    const tail = withLoader(withData(page.slice(at + ROOT.length - '</div>'.length)), true);
    out.write(head);
    // React ends its output by ending the stream it pipes into: the rest of the page follows it.
    // It calls flush() after each part it writes, so a compressed page still streams.
    const root = Object.assign(
      new Writable({
        write: (chunk, _encoding, done) => {
          out.write(chunk, done);
        },
        final: (done) => {
          out.end(tail);
          done();
        },
      }),
      { flush: () => (out as Partial<{ flush(): void }>).flush?.() },
    );
    rendered.pipe(root);
    reply.raw.once('close', () => {
      if (!out.writableEnded) rendered.abort(new Error('the browser went away'));
    });
    return reply.send(out);
  }
}

/**
 * The encoding a page is sent in: brotli, else gzip, when the request accepts it (a page is
 * 5-60 KB of repetitive markup, a fifth of that compressed), else none.
 */
function pageEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | null {
  const taken = new Set<string>();
  for (const part of String(accept ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) taken.add(name);
  }
  if (taken.has('br')) return 'br';
  if (taken.has('gzip')) return 'gzip';
  return null;
}

/** A fast compressor for one page (brotli 5 / gzip 6: well under a millisecond for a page). */
function compressor(encoding: 'br' | 'gzip'): Transform {
  return encoding === 'br'
    ? createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : createGzip({ level: 6 });
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
