import type { Kysely } from 'kysely';
import { PASSWORD_MIN_LENGTH } from '../../core/api/form-rules.ts';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/database.ts';
import { moveSeat } from '../db/repositories/classes.ts';
import type { Database } from '../db/schema/database.ts';
import { classActivityOf } from '../services/classes/activity.ts';
import { moveGuestProgress } from './guest-progress.ts';

/** Header our Fastify route sets to the client address Fastify resolved (clients cannot forge it). */
export const CLIENT_IP_HEADER = 'x-seo-adventure-client-ip';

/**
 * Origins allowed to sign in: PUBLIC_URL, and for a local server both spellings of loopback,
 * so http://localhost:3000 and http://127.0.0.1:3000 both work out of the box.
 */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'];
  if (!loopback.includes(url.hostname)) return [url.origin];
  return loopback.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/** The part of an e-mail before the @ (product rules "Content" 'Session user'). */
function usernameFromEmail(email: string): string {
  return email.trim().split('@')[0] ?? '';
}

/** Sessions last 30 days and slide forward at most once a day (seconds). */
export const SESSION_EXPIRES_IN = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE = 60 * 60 * 24;

/** Better Auth's cookie names start with this (its default, spelled out so sessionCookieName agrees). */
const COOKIE_PREFIX = 'better-auth';

/**
 * The name of the session cookie Better Auth sets (`__Secure-` on an https PUBLIC_URL), known
 * without loading Better Auth: idle serving checks sessions itself (session-lookup.ts).
 */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}${COOKIE_PREFIX}.session_token`;
}

/**
 * Better Auth configured for this product: e-mail + password (min 6), sessions in our database,
 * roles on the user row (admin plugin), guests as anonymous users whose progress moves to the
 * account they create or sign in to. Every new account is a player; admins are made with
 * `npm run admin -- promote EMAIL` on the server (roles.ts).
 */
export async function createAuth(db: Kysely<Database>, dialect: Dialect, config: Config) {
  // Loaded here, not at start: Better Auth costs ~10 MB of heap that a server nobody signed in
  // to since it started does not need (lean server; see plugin.ts).
  const [{ betterAuth }, { admin, anonymous }] = await Promise.all([
    import('better-auth'),
    import('better-auth/plugins'),
  ]);
  const secure = config.publicUrl.startsWith('https:');

  return betterAuth({
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config.publicUrl),
    database: { db, type: dialect },
    emailAndPassword: { enabled: true, minPasswordLength: PASSWORD_MIN_LENGTH, autoSignIn: true },
    user: { additionalFields: { username: { type: 'string', required: false, input: false } } },
    session: { expiresIn: SESSION_EXPIRES_IN, updateAge: SESSION_UPDATE_AGE },
    // Limits are ours (auth-limits.ts): per address and per account, sized for a classroom.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth skips the origin check under NODE_ENV=test; we want tests to prove it.
      disableOriginCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              username: usernameFromEmail(user.email),
              // Never from ADMIN_EMAILS: anyone could register a listed address first.
              role: 'player',
            },
          }),
        },
      },
    },
    plugins: [
      admin({ defaultRole: 'player', adminRoles: ['admin'] }),
      anonymous({
        emailDomainName: 'guest.seo-adventure.invalid',
        generateName: () => 'Guest',
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          await moveGuestProgress(db, anonymousUser.user.id, newUser.user.id);
          // A student who registers keeps their seat in the class (docs/class-mode.md).
          await moveSeat(db, anonymousUser.user.id, newUser.user.id);
          classActivityOf(db)?.seatsChanged();
        },
      }),
    ],
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
