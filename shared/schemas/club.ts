import { z } from 'zod';

export const Club = z.object({
  uic: z.number().int(),
  urlName: z.string().nullable(),
  clubName: z.string(),
  visible: z.boolean(),
  email: z.string().nullable(),
  imageLink: z.string().nullable(),
});
export type Club = z.infer<typeof Club>;
export const ClubList = z.array(Club);
