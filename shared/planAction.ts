import type { PricePlan } from './schemas/pricing.ts';

export const SALES_EMAIL = 'sales@rith.ie';

export type PlanAction =
  { kind: 'contact'; href: string } | { kind: 'start'; to: string } | { kind: 'soon' };

/**
 * The plan's button, by its price (spec sections 2 and 9): 'Custom' -> Contact Sales (mailto),
 * 'Free' -> Get Started (/register/package/{id}); any other price cannot be bought yet.
 */
export function planAction(plan: Pick<PricePlan, 'id' | 'name' | 'price'>): PlanAction {
  const price = plan.price.trim().toLowerCase();
  if (price === 'custom') {
    const subject = encodeURIComponent(`${plan.name} plan enquiry`);
    return { kind: 'contact', href: `mailto:${SALES_EMAIL}?subject=${subject}` };
  }
  if (price === 'free') return { kind: 'start', to: `/register/package/${plan.id}` };
  return { kind: 'soon' };
}
