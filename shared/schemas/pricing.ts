import { z } from 'zod';

export const PricePlan = z.object({
  id: z.number().int(),
  name: z.string(),
  tier: z.string(),
  /** Text such as 'Free', 'Custom' or '€249'. */
  price: z.string(),
  priceNote: z.string().nullable(),
  highlight: z.boolean(),
  /** Feature name to included, in display order. */
  features: z.record(z.string(), z.boolean()),
  extra: z.object({ adverts: z.string().nullable(), renewal: z.string().nullable() }),
});
export type PricePlan = z.infer<typeof PricePlan>;
export const PricePlanList = z.array(PricePlan);
