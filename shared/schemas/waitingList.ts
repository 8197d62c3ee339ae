import { z } from 'zod';

export const WaitingListRequest = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: 'Invalid email' })),
});
export type WaitingListRequest = z.infer<typeof WaitingListRequest>;
