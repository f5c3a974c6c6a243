import { z } from 'zod';
import {
  isHttpUrl,
  isSitePath,
  optionalImageRef,
  optionalText,
  requiredText,
  UPLOAD_PATH,
} from './admin-world.ts';
import { CONSULTANT_LIMITS, CONSULTANT_MESSAGES, EMAIL_MESSAGE } from './form-rules.ts';

/*
 * API contracts of the website side of the admin area and of the public pages it feeds:
 * consultants (product rules "Screens"/"Play"/"Validation"), pages 'home' and the footer pages, SEO settings and scripts.
 */

// ---------------------------------------------------------------- consultants

/**
 * product rules "Play" statuses: a public application starts pending; admins approve and (un)feature, or
 * reject it (never published, and approvable later).
 */
export const CONSULTANT_STATUSES = ['pending', 'approved', 'featured', 'rejected'] as const;

/** The admin's status changes (product rules "Play" 'Consultant'). */
const CONSULTANT_ACTIONS = ['approve', 'reject', 'feature', 'unfeature'] as const;
export type ConsultantAction = (typeof CONSULTANT_ACTIONS)[number];

/**
 * product rules "Play": other → approved (Approve); approved → featured (Feature); featured → approved
 * (Unfeature); pending → rejected (Reject). Returns the new status, or null when the action
 * does not apply to `status`.
 */
export function nextConsultantStatus(status: string, action: ConsultantAction): string | null {
  if (action === 'approve')
    return status === 'approved' || status === 'featured' ? null : 'approved';
  if (action === 'reject') return status === 'pending' ? 'rejected' : null;
  if (action === 'feature') return status === 'approved' ? 'featured' : null;
  return status === 'featured' ? 'approved' : null;
}

/** The actions an admin may take on a consultant in `status`, for the table's buttons. */
export function consultantActions(status: string): ConsultantAction[] {
  return CONSULTANT_ACTIONS.filter((a) => nextConsultantStatus(status, a) !== null);
}

const websiteUrl = optionalText(CONSULTANT_LIMITS.websiteUrl).refine(
  (v) => v === null || isHttpUrl(v),
  CONSULTANT_MESSAGES.websiteUrl,
);

/** The limits and messages are form-rules.ts's, which the public form checks without zod. */
const consultantFields = {
  name: requiredText('Name', CONSULTANT_LIMITS.name),
  company: optionalText(CONSULTANT_LIMITS.company),
  specialty: optionalText(CONSULTANT_LIMITS.specialty),
  bio: optionalText(CONSULTANT_LIMITS.bio, CONSULTANT_MESSAGES.bioTooLong),
  contactEmail: z
    .string({ error: CONSULTANT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONSULTANT_MESSAGES.emailRequired)
    .max(CONSULTANT_LIMITS.contactEmail, EMAIL_MESSAGE)
    .pipe(z.email(EMAIL_MESSAGE)),
  websiteUrl,
};

/** Paths the public photo upload hands out; a visitor may not point the directory elsewhere. */
const UPLOADED_IMAGE_PATH = UPLOAD_PATH;

/**
 * Body of POST /api/consultants (the public form of product rules "Screens"). `phone` is the honeypot: a
 * field people never see; a bot that fills it gets a success answer and nothing is stored.
 */
export const consultantApplicationSchema = z.object({
  ...consultantFields,
  imageUrl: optionalText(300).refine(
    (v) => v === null || UPLOADED_IMAGE_PATH.test(v),
    'Please upload the photo again',
  ),
  phone: z.string().max(200).optional(),
});
export type ConsultantApplication = z.input<typeof consultantApplicationSchema>;

/** Body of POST /api/admin/consultants ('Add SEO Consultant' with 'Featured Consultant'). */
export const adminConsultantInputSchema = z.object({
  ...consultantFields,
  imageUrl: optionalImageRef('Photo URL'),
  featured: z.boolean().default(false),
});
export type AdminConsultantInput = z.input<typeof adminConsultantInputSchema>;

/** A consultant of the public directory: never the contact e-mail. */
export const publicConsultantSchema = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  specialty: z.string().nullable(),
  bio: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  featured: z.boolean(),
});
export type PublicConsultantView = z.infer<typeof publicConsultantSchema>;

/** A consultant as the admin table sees it. */
export const adminConsultantSchema = publicConsultantSchema.omit({ featured: true }).extend({
  contactEmail: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminConsultantView = z.infer<typeof adminConsultantSchema>;

/** Body of POST /api/admin/consultants/:id/status. */
export const consultantActionSchema = z.object({ action: z.enum(CONSULTANT_ACTIONS) });

// ---------------------------------------------------------------- pages

/** The footer's pages (product rules "Screens"), editable in the admin area like 'home'. */
export const FOOTER_PAGE_SLUGS = ['about', 'how-to-play', 'become-a-sponsor'] as const;
export type FooterPageSlug = (typeof FOOTER_PAGE_SLUGS)[number];
const PAGE_SLUGS = ['home', ...FOOTER_PAGE_SLUGS] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** True when `slug` is one of the pages the app has. */
export function isPageSlug(slug: string): slug is PageSlug {
  return (PAGE_SLUGS as readonly string[]).includes(slug);
}

/** The footer pages' titles, used for links and as defaults. */
export const FOOTER_PAGE_TITLES: Record<FooterPageSlug, string> = {
  about: 'About',
  'how-to-play': 'How to Play',
  'become-a-sponsor': 'Become a Sponsor',
};

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

/** product rules "Limits" limits of the search snippet. */
export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;

/** Pages 'home' content (product rules "Content"): the start screen's texts and its search snippet. */
export const homeContentSchema = z.object({
  title: text(120, 'Title'),
  subtitle: text(200, 'Subtitle'),
  description: text(1000, 'Description'),
  buttonText: text(60, 'Button text'),
  seoTitle: text(SEO_TITLE_MAX, 'SEO title'),
  seoDescription: text(SEO_DESCRIPTION_MAX, 'SEO description'),
});
export type HomeContentValue = z.infer<typeof homeContentSchema>;

/** A footer page's content: a title and plain-text body (blank lines separate paragraphs). */
export const footerPageContentSchema = z.object({
  title: requiredText('Title', 120),
  body: text(20_000, 'Text'),
});
export type FooterPageContent = z.infer<typeof footerPageContentSchema>;

/** GET /api/pages/:slug (public) and /api/admin/pages/:slug. */
export const pageResponseSchema = z.object({
  slug: z.string(),
  title: z.string(),
  content: z.record(z.string(), z.unknown()),
  updatedAt: z.string().nullable(),
});
export type PageResponse = z.infer<typeof pageResponseSchema>;

/** `{ slug }` path parameter. */
export const slugParamsSchema = z.object({ slug: z.string().min(1).max(100) });

// ---------------------------------------------------------------- SEO

/** Settings key seo_settings (product rules "Content"), limits of product rules "Validation"/"Limits". */
export const seoSettingsSchema = z.object({
  seoTitle: text(SEO_TITLE_MAX, 'SEO title'),
  seoDescription: text(SEO_DESCRIPTION_MAX, 'SEO description'),
  ogTitle: text(200, 'OG title'),
  ogDescription: text(500, 'OG description'),
  ogImage: text(2000, 'OG image URL').refine(
    (v) => v === '' || isHttpUrl(v) || isSitePath(v),
    'OG image URL must start with http://, https:// or /',
  ),
  headerScripts: z
    .string()
    .max(50_000, 'Header scripts must be at most 50000 characters')
    .default(''),
  bodyScripts: z.string().max(50_000, 'Body scripts must be at most 50000 characters').default(''),
  footerScripts: z
    .string()
    .max(50_000, 'Footer scripts must be at most 50000 characters')
    .default(''),
});
export type SeoSettingsValue = z.infer<typeof seoSettingsSchema>;

/** Empty SEO settings (what a fresh database answers). */
export const EMPTY_SEO_SETTINGS: SeoSettingsValue = {
  seoTitle: '',
  seoDescription: '',
  ogTitle: '',
  ogDescription: '',
  ogImage: '',
  headerScripts: '',
  bodyScripts: '',
  footerScripts: '',
};
