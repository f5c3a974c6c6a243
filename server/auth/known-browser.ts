import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The known-browser cookie (docs/security.md "Sign-in limits"): after a right password the
 * browser gets, for that account, a tag only the server can make (an HMAC of the e-mail under
 * AUTH_SECRET; the e-mail itself is not in it). A later sign-in to that account from this browser
 * is the owner's in all likelihood, so it is checked before any wait and kept out of the shared
 * counters: guesses from the owner's school or home address cannot keep the owner out. The
 * cookie is sent only to /api/auth, lasts 30 days, and holds the tags of the last 5 accounts
 * signed in from the browser (a shared computer).
 */
const KNOWN_BROWSER_COOKIE = 'seo_known_browser';
const MAX_TAGS = 5;
const MAX_AGE_SEC = 30 * 24 * 60 * 60;

/** The tag of an account (its e-mail, trimmed and lower-cased) under the server's secret. */
function browserTag(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`known-browser\0${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The tags the request's known-browser cookie carries. */
function readTags(cookieHeader: string | undefined, name: string): string[] {
  if (!cookieHeader) return [];
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      return part
        .slice(eq + 1)
        .trim()
        .split('.')
        .filter((t) => /^[\w-]{22}$/.test(t))
        .slice(0, MAX_TAGS);
    }
  }
  return [];
}

/** The cookie's name: `__Secure-` on an https PUBLIC_URL. */
function knownBrowserCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}${KNOWN_BROWSER_COOKIE}`;
}

/** The account's tag when this browser's cookie carries it (proof it signed in there before). */
export function knownBrowserProof(
  cookieHeader: string | undefined,
  secure: boolean,
  secret: string,
  email: string | undefined,
): string | undefined {
  if (!email) return undefined;
  const expected = Buffer.from(browserTag(secret, email));
  const found = readTags(cookieHeader, knownBrowserCookieName(secure)).some((tag) => {
    const given = Buffer.from(tag);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return found ? expected.toString() : undefined;
}

/** The Set-Cookie value after a right password for `email`: its tag first, then up to 4 others. */
export function knownBrowserCookie(
  cookieHeader: string | undefined,
  secure: boolean,
  secret: string,
  email: string,
): string {
  const name = knownBrowserCookieName(secure);
  const tag = browserTag(secret, email);
  const tags = [tag, ...readTags(cookieHeader, name).filter((t) => t !== tag)].slice(0, MAX_TAGS);
  return `${name}=${tags.join('.')}; Max-Age=${MAX_AGE_SEC}; Path=/api/auth; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
