/** The text fields of a consultant application, in the forms' order (public and admin). */
export const APPLICATION_TEXT_FIELDS = [
  'name',
  'company',
  'specialty',
  'bio',
  'contactEmail',
  'websiteUrl',
] as const;

/** One of the application's text fields. */
export type ApplicationTextField = (typeof APPLICATION_TEXT_FIELDS)[number];

/** The application's text fields as a submitted form holds them (inputs named by field). */
export function applicationTexts(data: FormData): Record<ApplicationTextField, string> {
  return Object.fromEntries(
    APPLICATION_TEXT_FIELDS.map((name) => [name, String(data.get(name) ?? '')]),
  ) as Record<ApplicationTextField, string>;
}
