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
