/*
 * The rules of the forms a player fills in (product rules "Validation"), with no zod: the
 * player's pages (/auth, /consultant-submission) check their forms with these functions and stay
 * free of the zod runtime, while the server's schemas (admin-world.ts, admin-world-site.ts,
 * server/auth/auth.ts) use the same limits, patterns and messages. form-rules.test.ts checks that
 * each function agrees with the zod schema it stands for.
 */

/**
 * zod's own e-mail pattern (z.email() of zod 4, `z.regexes.email`); form-rules.test.ts fails if
 * zod's changes.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What every e-mail field says of an address it cannot take. */
export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** True for an e-mail address zod's z.email() takes (no trimming here). */
export const isEmail = (v: string): boolean => EMAIL_PATTERN.test(v);

/** The shortest password an account may have (Better Auth's minPasswordLength, server/auth/auth.ts). */
export const PASSWORD_MIN_LENGTH = 6;

/** True for an absolute http(s) URL. */
export function isHttpUrl(v: string): boolean {
  if (!/^https?:\/\//i.test(v)) return false;
  return URL.canParse(v);
}

/**
 * True for a path on this site ('/about'). Never '//host' or '/\host': browsers read both as
 * another host. No spaces, no backslashes anywhere.
 */
export function isSitePath(v: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(v);
}

/** Our own stored uploads: /uploads/{sha256}.{ext}. */
export const UPLOAD_PATH = /^\/uploads\/[a-f0-9]{64}\.(jpg|png|webp|gif|avif)$/;

// ---------------------------------------------------------------- accounts (/auth)

/** The fields of the Login and Register forms. */
export type Credentials = { email: string; password: string };
export type Registration = Credentials & { name: string };

/** Each field's problem, in the words the form shows under it; empty when there is none. */
export type FieldProblems<K extends string> = Partial<Record<K, string>>;

function emailProblem(email: string): string | undefined {
  return isEmail(email.trim()) ? undefined : EMAIL_MESSAGE;
}

/** The Login form: an e-mail address and any password. */
export function loginProblems(input: Credentials): FieldProblems<keyof Credentials> {
  const found: FieldProblems<keyof Credentials> = {};
  const email = emailProblem(input.email);
  if (email) found.email = email;
  if (input.password.length < 1) found.password = 'Password is required';
  return found;
}

/** The Register form: a name, an e-mail address and a password of PASSWORD_MIN_LENGTH or more. */
export function registrationProblems(input: Registration): FieldProblems<keyof Registration> {
  const found: FieldProblems<keyof Registration> = {};
  if (input.name.trim().length < 1) found.name = 'Name is required';
  const email = emailProblem(input.email);
  if (email) found.email = email;
  if (input.password.length < PASSWORD_MIN_LENGTH)
    found.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return found;
}

// ---------------------------------------------------------------- consultant applications

/** The longest text each field of a consultant application takes (after trimming). */
export const CONSULTANT_LIMITS = {
  name: 120,
  company: 120,
  specialty: 120,
  bio: 2000,
  contactEmail: 254,
  websiteUrl: 2000,
} as const;

/** The application's text fields, in the forms' order (public and admin). */
export type ConsultantTextField = keyof typeof CONSULTANT_LIMITS;

/** The messages of admin-world-site.ts's consultant fields. */
export const CONSULTANT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CONSULTANT_LIMITS.name} characters`,
  bioTooLong: `Bio must be at most ${CONSULTANT_LIMITS.bio} characters`,
  emailRequired: 'Contact Email is required',
  websiteUrl: 'Please enter a valid URL starting with http:// or https://',
} as const;

/** admin-world.ts optionalText's message for a text over `max`. */
const tooLong = (max: number) => `At most ${max} characters`;

/**
 * The first problem of each text field of a consultant application, as the server's
 * consultantApplicationSchema (admin-world-site.ts) reports it.
 */
export function consultantProblems(
  input: Record<ConsultantTextField, string>,
): FieldProblems<ConsultantTextField> {
  const found: FieldProblems<ConsultantTextField> = {};
  const text = (field: ConsultantTextField) => input[field].trim();
  const over = (field: ConsultantTextField) => text(field).length > CONSULTANT_LIMITS[field];

  if (!text('name')) found.name = CONSULTANT_MESSAGES.nameRequired;
  else if (over('name')) found.name = CONSULTANT_MESSAGES.nameTooLong;
  for (const field of ['company', 'specialty'] as const) {
    if (over(field)) found[field] = tooLong(CONSULTANT_LIMITS[field]);
  }
  if (over('bio')) found.bio = CONSULTANT_MESSAGES.bioTooLong;
  const email = text('contactEmail');
  if (!email) found.contactEmail = CONSULTANT_MESSAGES.emailRequired;
  else if (over('contactEmail') || !isEmail(email)) found.contactEmail = EMAIL_MESSAGE;
  const site = text('websiteUrl');
  if (over('websiteUrl')) found.websiteUrl = tooLong(CONSULTANT_LIMITS.websiteUrl);
  else if (site && !isHttpUrl(site)) found.websiteUrl = CONSULTANT_MESSAGES.websiteUrl;
  return found;
}
