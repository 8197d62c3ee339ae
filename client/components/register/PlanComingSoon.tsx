import { Link } from 'react-router-dom';
import type { PricePlan } from '../../../shared/schemas/pricing.ts';
import { PLAN_COMING_SOON, planAction } from '../../../shared/planAction.ts';

/**
 * In place of the sign-up steps for a plan that cannot be started yet: paid
 * plans are 'Coming Soon'; a custom plan is arranged with sales. The free plan is offered.
 */
export function PlanComingSoon({
  plan,
  freePlan,
}: {
  plan: Pick<PricePlan, 'id' | 'name' | 'price'>;
  freePlan: Pick<PricePlan, 'id' | 'name'> | undefined;
}) {
  const action = planAction(plan);
  return (
    <div className="rg-unavailable">
      <h2 className="rg-step-title">
        {action.kind === 'contact' ? 'Contact Sales' : PLAN_COMING_SOON}
      </h2>
      <p>
        {action.kind === 'contact'
          ? `The ${plan.name} plan is set up with our sales team, not signed up for here.`
          : `Signing up for the ${plan.name} plan is not available yet. Only free plans can be started now.`}
      </p>
      <div className="rg-actions">
        {action.kind === 'contact' && (
          <a className="btn" href={action.href}>
            Contact Sales
          </a>
        )}
        {freePlan ? (
          <Link className="btn btn-secondary" to={`/register/package/${freePlan.id}`}>
            Start free with {freePlan.name}
          </Link>
        ) : (
          <Link className="btn btn-secondary" to="/pricing">
            See all plans
          </Link>
        )}
      </div>
    </div>
  );
}
