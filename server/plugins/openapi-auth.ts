import { ERROR_MEANINGS } from './api-contract.ts';

/**
 * The Better Auth endpoints the product uses (server/auth/plugin.ts AUTH_ACTIONS), written into
 * the OpenAPI document by hand: they are served by one catch-all route that Better Auth answers.
 */
const user = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    emailVerified: { type: 'boolean' },
    isAnonymous: { type: 'boolean' },
    role: { type: 'string', enum: ['player', 'admin'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
  required: ['id', 'email', 'name'],
};
const signedIn = {
  type: 'object',
  properties: { token: { type: 'string' }, user },
  required: ['user'],
};
const authError = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    error: { type: 'string' },
  },
  required: ['message'],
};

function answers(ok: object, okText: string, statuses: number[]) {
  const out: Record<string, object> = {
    200: { description: okText, content: { 'application/json': { schema: ok } } },
  };
  for (const s of statuses) {
    out[s] = {
      description: AUTH_MEANINGS[s] ?? ERROR_MEANINGS[s] ?? 'Error',
      content: { 'application/json': { schema: authError } },
    };
  }
  return out;
}

const AUTH_MEANINGS: Record<number, string> = {
  401: 'Wrong e-mail or password',
  422: 'The e-mail address is already registered',
};

function jsonBody(properties: Record<string, object>, required: string[]) {
  return {
    required: true,
    content: { 'application/json': { schema: { type: 'object', properties, required } } },
  };
}

/** Statuses every auth write can answer besides its own (origin, body type, rate limits, busy). */
const WRITE = [400, 403, 415, 429, 503];

const AUTH_PATHS = {
  '/api/auth/sign-up/email': {
    post: {
      operationId: 'signUpEmail',
      security: [],
      tags: ['auth'],
      summary: 'Register with e-mail and password (a guest session moves its game to the account)',
      requestBody: jsonBody(
        {
          email: { type: 'string', format: 'email' },
          password: { type: 'string', minLength: 6 },
          name: { type: 'string' },
        },
        ['email', 'password', 'name'],
      ),
      responses: answers(signedIn, 'Registered and signed in (sets the session cookie)', [
        ...WRITE,
        422,
      ]),
    },
  },
  '/api/auth/sign-in/email': {
    post: {
      operationId: 'signInEmail',
      security: [],
      tags: ['auth'],
      summary: 'Sign in with e-mail and password (sets the session cookie)',
      requestBody: jsonBody(
        {
          email: { type: 'string', format: 'email' },
          password: { type: 'string' },
          rememberMe: { type: 'boolean' },
        },
        ['email', 'password'],
      ),
      responses: answers(signedIn, 'Signed in (sets the session cookie)', [...WRITE, 401]),
    },
  },
  '/api/auth/sign-in/anonymous': {
    post: {
      operationId: 'signInAnonymous',
      security: [],
      tags: ['auth'],
      summary: 'Start a guest game: an anonymous session (sets the session cookie)',
      responses: answers(signedIn, 'A guest session', WRITE),
    },
  },
  '/api/auth/sign-out': {
    post: {
      operationId: 'signOut',
      tags: ['auth'],
      summary: 'Sign out (clears the session cookie)',
      security: [{ session: [] }],
      responses: answers(
        { type: 'object', properties: { success: { type: 'boolean' } } },
        'Signed out',
        WRITE,
      ),
    },
  },
  '/api/auth/get-session': {
    get: {
      operationId: 'getAuthSession',
      tags: ['auth'],
      summary:
        "Better Auth's view of the session (null without one); the app uses GET /api/session",
      security: [{ session: [] }],
      responses: answers(
        {
          type: ['object', 'null'],
          properties: { session: { type: 'object' }, user },
        },
        'The session and its user, or null',
        [400, 429, 503],
      ),
    },
  },
};

/** The document with the auth endpoints added to its paths. */
export function withAuthPaths<T>(documents: T): T {
  const doc = documents as { openapiObject?: { paths?: Record<string, unknown> } };
  const openapi = (doc.openapiObject ?? documents) as { paths?: Record<string, unknown> };
  openapi.paths = { ...AUTH_PATHS, ...(openapi.paths ?? {}) };
  return (doc.openapiObject ?? documents) as T;
}
