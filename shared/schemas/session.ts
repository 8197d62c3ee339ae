import { z } from 'zod';

export const SessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string().nullable(),
});
export const AdminSession = z.object({ isAdmin: z.boolean(), user: SessionUser.optional() });
export type AdminSession = z.infer<typeof AdminSession>;
