import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { consultantApplicationSchema } from './admin-world-site.ts';
import {
  CONSULTANT_LIMITS,
  type ConsultantTextField,
  consultantProblems,
  EMAIL_PATTERN,
  isEmail,
  loginProblems,
  registrationProblems,
} from './form-rules.ts';

/** The first message zod gives for each text field of an application. */
function zodProblems(input: Record<ConsultantTextField, string>) {
  const parsed = consultantApplicationSchema.safeParse({ ...input, imageUrl: null, phone: '' });
  const found: Partial<Record<string, string>> = {};
  if (parsed.success) return found;
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0]);
    found[name] ??= issue.message;
  }
  return found;
}

const EMAILS = [
  'rita@example.com',
  ' rita@example.com ',
  'rita.o-neil+seo@mail.example.co',
  "o'brien@example.ie",
  'rita',
  'rita@',
  '@example.com',
  'rita@example',
  'rita@example.c',
  'rita..x@example.com',
  '.rita@example.com',
  'rita.@example.com',
  'rita@-example.com',
  'rita@exa_mple.com',
  'ri ta@example.com',
  'rita@example.com.',
  '',
];

describe('the e-mail rule', () => {
  it("is zod's own pattern", () => {
    // The same characters, written without the escapes of '-' that zod's source has.
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll('\\-', '-'));
  });

  it('takes and refuses the same addresses as z.email()', () => {
    for (const email of EMAILS) {
      expect(isEmail(email), email).toBe(z.email().safeParse(email).success);
    }
  });
});

describe('the account forms', () => {
  it('say what is wrong with each field of the Login form', () => {
    expect(loginProblems({ email: ' rita@example.com ', password: 'x' })).toEqual({});
    expect(loginProblems({ email: 'rita', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
  });

  it('ask for a name and a password of at least 6 characters on the Register form', () => {
    const ok = { name: 'Rita', email: 'rita@example.com', password: 'tophat' };
    expect(registrationProblems(ok)).toEqual({});
    expect(registrationProblems({ name: '  ', email: 'rita@example', password: 'short' })).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    // The password is taken as typed: spaces count.
    expect(registrationProblems({ ...ok, password: '      ' })).toEqual({});
  });
});

describe('the consultant application', () => {
  const valid: Record<ConsultantTextField, string> = {
    name: 'Rita',
    company: '',
    specialty: '',
    bio: '',
    contactEmail: 'rita@example.com',
    websiteUrl: '',
  };
  const long = (field: ConsultantTextField, extra = 1) =>
    'x'.repeat(CONSULTANT_LIMITS[field] + extra);
  const cases: Record<ConsultantTextField, string>[] = [
    valid,
    { ...valid, name: ' ', contactEmail: 'rita', websiteUrl: 'rankwell' },
    { ...valid, name: long('name'), company: long('company'), specialty: long('specialty') },
    { ...valid, name: long('name', 0), company: ` ${long('company', 0)} ` },
    { ...valid, bio: long('bio'), websiteUrl: `https://example.com/${long('websiteUrl')}` },
    { ...valid, bio: long('bio', 0), websiteUrl: ' https://example.com/a ' },
    { ...valid, contactEmail: '' },
    { ...valid, contactEmail: '   ' },
    { ...valid, contactEmail: `${'r'.repeat(250)}@example.com` },
    { ...valid, contactEmail: ' rita@example.com ', websiteUrl: 'ftp://example.com' },
    { ...valid, websiteUrl: 'javascript:alert(1)' },
    { ...valid, websiteUrl: 'http://' },
  ];

  it('finds the same first problem of each field as the server schema', () => {
    for (const input of cases) {
      expect(consultantProblems(input), JSON.stringify(input).slice(0, 120)).toEqual(
        zodProblems(input),
      );
    }
  });

  it('is checked against real problems, not only valid input', () => {
    // Every field has a problem in at least one case above, so the comparison is not vacuous.
    const seen = new Set(cases.flatMap((c) => Object.keys(zodProblems(c))));
    expect([...seen].sort()).toEqual(Object.keys(CONSULTANT_LIMITS).sort());
  });
});
