import { z } from 'zod';

/** The signed-in (or guest) user as the browser sees it; the role is decided by the server. */
const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  username: z.string().nullable(),
  role: z.enum(['admin', 'player']),
  isAnonymous: z.boolean(),
});
export type SessionUserView = z.infer<typeof sessionUserSchema>;

/** Response of GET /api/session. */
export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Registration form (product rules "Validation"): name, e-mail (trimmed), password of at least 6 characters. */
export const registerSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().email('Please enter a valid email address'),
  password: z.string().min(6, 'Password must be at least 6 characters'),
});

/** Login form (product rules "Validation"). */
export const loginSchema = z.object({
  email: z.string().trim().email('Please enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});
