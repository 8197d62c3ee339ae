import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { PlanCard } from '../components/pricing/PlanCard.tsx';
import { SALES_EMAIL } from '../../shared/planAction.ts';
import '../components/pricing/pricing.css';

export function PricingPage() {
  usePageTitle('Pricing');
  const prices = useQuery({ queryKey: ['prices'], queryFn: api.prices });

  return (
    <div className="container pr-page">
      <header className="pr-head">
        <h1>Pricing Plans</h1>
        <p>
          Publish start lists and results straight from your timing system. Start free and upgrade
          when your club needs more.
        </p>
      </header>

      {prices.isPending ? (
        <div className="pr-state" role="status">
          <span className="spinner spinner-large" aria-hidden="true" />
          Loading plans…
        </div>
      ) : prices.isError ? (
        <div className="pr-state" role="alert">
          <p>We could not load the price plans. Check your connection and try again.</p>
          <button type="button" className="btn" onClick={() => void prices.refetch()}>
            Try again
          </button>
        </div>
      ) : prices.data.length === 0 ? (
        <div className="pr-state">
          <p>No price plans are available right now.</p>
        </div>
      ) : (
        <>
          <p className="pr-swipe-hint" aria-hidden="true">
            Swipe to compare plans →
          </p>
          {/* Focusable so keyboard users can scroll the swipe list on phones. It opens at its
              start, on the plan a club can start today (free), with the others to the right,
              where the hint points. */}
          <ul className="pr-list" tabIndex={0} aria-label="Price plans">
            {prices.data.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </ul>
        </>
      )}

      <p className="pr-contact">
        Need a tailored solution? Contact us at <a href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>
      </p>
    </div>
  );
}
