import { z } from 'zod';

export const WaitingListRequest = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email({ error: 'Invalid email' })),
});
export type WaitingListRequest = z.infer<typeof WaitingListRequest>;

/** The waiting-list field drops, per keystroke, every character the spec does not allow. */
export function sanitizeEmailInput(value: string): string {
  return value.replace(/[^A-Za-z0-9_@.+-]/g, '');
}
