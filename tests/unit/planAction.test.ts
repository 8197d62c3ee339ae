import { describe, expect, it } from 'vitest';
import { isStartablePlan, planAction, SALES_EMAIL } from '../../shared/planAction.ts';

const plan = (price: string, id = 3, name = 'Club') => ({ id, name, price });

describe('planAction', () => {
  it("gives a Contact Sales mailto link for a 'Custom' price", () => {
    expect(planAction(plan('Custom', 4, 'Enterprise'))).toEqual({
      kind: 'contact',
      href: `mailto:${SALES_EMAIL}?subject=Enterprise%20plan%20enquiry`,
    });
  });

  it('encodes the plan name in the mailto subject', () => {
    const action = planAction(plan('Custom', 4, 'Clubs & Schools'));
    expect(action).toEqual({
      kind: 'contact',
      href: 'mailto:sales@rith.ie?subject=Clubs%20%26%20Schools%20plan%20enquiry',
    });
  });

  it("gives a Get Started link to the package's registration for a 'Free' price", () => {
    expect(planAction(plan('Free', 1))).toEqual({ kind: 'start', to: '/register/package/1' });
    expect(planAction(plan('Free', 27))).toEqual({ kind: 'start', to: '/register/package/27' });
  });

  it.each(['custom', 'CUSTOM', '  Custom ', '\tcUsToM\n'])(
    'reads %j as Custom regardless of case and surrounding whitespace',
    (price) => {
      expect(planAction(plan(price)).kind).toBe('contact');
    },
  );

  it.each(['free', 'FREE', ' Free  ', '\nfReE\t'])(
    'reads %j as Free regardless of case and surrounding whitespace',
    (price) => {
      expect(planAction(plan(price, 9))).toEqual({ kind: 'start', to: '/register/package/9' });
    },
  );

  it.each(['€249', '€0', '0', '', '   ', 'Free trial', 'Custom pricing', 'Fr ee', 'TBC'])(
    'is Coming Soon for any other price (%j)',
    (price) => {
      expect(planAction(plan(price))).toEqual({ kind: 'soon' });
    },
  );
});

describe('isStartablePlan', () => {
  it('lets only free plans be started', () => {
    expect(isStartablePlan({ price: 'Free' })).toBe(true);
    expect(isStartablePlan({ price: ' free ' })).toBe(true);
    for (const price of ['€249', '€39', 'Custom', '€0', '']) {
      expect(isStartablePlan({ price })).toBe(false);
    }
  });
});
