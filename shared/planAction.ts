import type { PricePlan } from './schemas/pricing.ts';

export const SALES_EMAIL = 'sales@rith.ie';

/** Only Free plans can be started; paid plans are 'Coming Soon'. */
export const PLAN_COMING_SOON = 'Coming Soon';
export const PLAN_NOT_STARTABLE =
  'This plan is Coming Soon: only free plans can be started now. Pick the free plan to sign up.';

const priceOf = (plan: Pick<PricePlan, 'price'>) => plan.price.trim().toLowerCase();

/** Whether a club may sign up on the plan: the server and the pages ask this one rule. */
export function isStartablePlan(plan: Pick<PricePlan, 'price'>): boolean {
  return priceOf(plan) === 'free';
}

export type PlanAction =
  { kind: 'contact'; href: string } | { kind: 'start'; to: string } | { kind: 'soon' };

/**
 * The plan's button, by its price: 'Custom' -> Contact Sales (mailto),
 * 'Free' -> Get Started (/register/package/{id}); any other price cannot be bought yet.
 */
export function planAction(plan: Pick<PricePlan, 'id' | 'name' | 'price'>): PlanAction {
  if (priceOf(plan) === 'custom') {
    const subject = encodeURIComponent(`${plan.name} plan enquiry`);
    return { kind: 'contact', href: `mailto:${SALES_EMAIL}?subject=${subject}` };
  }
  if (isStartablePlan(plan)) return { kind: 'start', to: `/register/package/${plan.id}` };
  return { kind: 'soon' };
}
