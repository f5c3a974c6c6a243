import { buildApp } from './app.ts';
import { countLiveSessions, orphanedSessionsWarning } from './auth/orphaned-sessions.ts';
import { ConfigError, loadConfig } from './config.ts';

/**
 * Starts the server from the environment. A bad setting or an unreachable database ends start-up
 * with one clear line; SIGTERM/SIGINT finish in-flight requests, close the database and exit 0.
 */
export async function main(): Promise<void> {
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  // Files the server creates (database, WAL, secrets, backups) are its owner's alone.
  process.umask(0o077);
  try {
    const config = loadConfig();
    app = await buildApp({ config });
    const address = await app.listen({ port: config.port, host: config.host });
    // One plain line for the person who started it (the JSON log says it too).
    console.log(`SEO Adventure is running at ${config.publicUrl} (listening on ${address})`);
    const orphaned = orphanedSessionsWarning(
      config.authSecretCreated,
      config.authSecretCreated ? await countLiveSessions(app.db) : 0,
    );
    if (orphaned) {
      app.log.error(orphaned);
      console.error(`seo-adventure: WARNING: ${orphaned}`);
    }
    if (config.adminEmails.length > 0) {
      app.log.warn(
        'ADMIN_EMAILS no longer makes accounts admins (anyone could register a listed address first); once the account is registered, run on the server: npm run admin -- promote EMAIL',
      );
    }
  } catch (err) {
    const message = err instanceof ConfigError ? err.message : startupMessage(err);
    console.error(`seo-adventure: ${message}`);
    await app?.close().catch(() => {});
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app!.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app!.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    // Keep-alive connections that finish their last response during shutdown become idle after
    // close() began; close them as they do so instead of waiting for the keep-alive timeout.
    const sweeper = setInterval(() => app!.server.closeIdleConnections(), 100);
    sweeper.unref();
    try {
      await app!.close();
      process.exit(0);
    } catch (err) {
      app!.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** One line for the usual start-up failures instead of a stack trace. */
function startupMessage(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') return `port already in use (${e.message}); set PORT to a free port`;
  if (e.code === 'EACCES') return `not allowed to listen (${e.message}); set PORT above 1023`;
  if (e.code === 'ENOTFOUND' || e.code === 'EADDRNOTAVAIL')
    return `cannot listen: ${e.message}; check HOST`;
  return e?.message ?? String(err);
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
