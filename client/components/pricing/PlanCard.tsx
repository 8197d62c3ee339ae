import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { PricePlan } from '../../../shared/schemas/pricing.ts';
import { planAction } from '../../../shared/planAction.ts';

function PlanButton({ plan, nameId }: { plan: PricePlan; nameId: string }) {
  const action = planAction(plan);
  const buttonId = useId();
  // The button's own text, then the plan's name: "Get Started, Recreational".
  const labelledBy = `${buttonId} ${nameId}`;
  switch (action.kind) {
    case 'contact':
      return (
        <a className="btn pr-action" href={action.href} id={buttonId} aria-labelledby={labelledBy}>
          Contact Sales
        </a>
      );
    case 'start':
      return (
        <Link className="btn pr-action" to={action.to} id={buttonId} aria-labelledby={labelledBy}>
          Get Started
        </Link>
      );
    case 'soon':
      return (
        <button
          type="button"
          className="btn pr-action"
          disabled
          id={buttonId}
          aria-labelledby={labelledBy}
        >
          Coming Soon
        </button>
      );
  }
}

export function PlanCard({ plan }: { plan: PricePlan }) {
  const nameId = useId();
  const features = Object.entries(plan.features);
  const adverts = plan.extra.adverts?.trim();
  const renewal = plan.extra.renewal?.trim();

  return (
    <li className={`card pr-card${plan.highlight ? ' is-highlight' : ''}`}>
      {plan.highlight && <p className="pr-badge">Most Popular</p>}
      <h2 className="pr-name" id={nameId}>
        {plan.name}
      </h2>
      <p className="pr-tier">{plan.tier}</p>
      <p className="pr-price">{plan.price}</p>
      {plan.priceNote && <p className="pr-price-note">{plan.priceNote}</p>}
      {plan.highlight && <p className="pr-commitment">Requires a 1 year commitment</p>}

      <h3 className="visually-hidden">Features</h3>
      <ul className="pr-features">
        {features.map(([feature, included]) => (
          <li key={feature} className={included ? 'is-in' : 'is-out'}>
            <span className="pr-mark" aria-hidden="true">
              {included ? '✓' : '✗'}
            </span>
            <span className="visually-hidden">{included ? 'Included: ' : 'Not included: '}</span>
            {feature}
          </li>
        ))}
      </ul>

      {(adverts || renewal) && (
        <dl className="pr-extras">
          {adverts && (
            <div>
              <dt>Adverts</dt>
              <dd>{adverts}</dd>
            </div>
          )}
          {renewal && (
            <div>
              <dt>Free Renewal Required</dt>
              <dd>{renewal}</dd>
            </div>
          )}
        </dl>
      )}

      <PlanButton plan={plan} nameId={nameId} />
    </li>
  );
}
