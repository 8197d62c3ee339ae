import type { PricePlan } from '../../../shared/schemas/pricing.ts';
import { COMPETITION_LIMIT } from '../../../shared/planGating.ts';

/** The checklist line the limited (Recreational) plan carries. */
const LIMITED_FEATURE = `Limited to ${COMPETITION_LIMIT} competitions`;
/** The summary lists up to 4 included features, then '+N more'. */
const SHOWN_FEATURES = 4;

/** The package being signed up for. */
export function PackageSummary({ plan }: { plan: PricePlan }) {
  const included = Object.entries(plan.features)
    .filter(([name, on]) => on && name !== LIMITED_FEATURE)
    .map(([name]) => name);
  const limited = plan.features[LIMITED_FEATURE] === true;
  const more = included.length - SHOWN_FEATURES;

  return (
    <section className="card rg-summary" aria-labelledby="rg-summary-title">
      <div className="rg-summary-body">
        <p className="rg-eyebrow">Club or organisation registration</p>
        <div className="rg-badges">
          {plan.highlight && <span className="rg-badge rg-badge-popular">Most Popular</span>}
          {limited && <span className="rg-badge">{LIMITED_FEATURE}</span>}
        </div>
        <h1 id="rg-summary-title" className="rg-summary-title">
          {plan.name}
        </h1>
        <p className="rg-tier">{plan.tier}</p>
        <p className="rg-price">
          {plan.price}
          {plan.priceNote && <span className="rg-price-note"> {plan.priceNote}</span>}
        </p>
        {included.length > 0 && (
          <>
            <h2 className="rg-features-title">Included</h2>
            <ul className="rg-features">
              {included.slice(0, SHOWN_FEATURES).map((name) => (
                <li key={name}>
                  <span aria-hidden="true">✓</span> {name}
                </li>
              ))}
              {more > 0 && <li className="rg-more">+{more} more</li>}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
