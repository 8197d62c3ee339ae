import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { StepIndicator } from './StepIndicator.tsx';
import type { RegisterStep } from './steps.ts';

/**
 * Both registration pages: a back link, the summary, then the steps in a card. Without
 * steps (entries closed, a plan that cannot be started yet) the card says why instead.
 */
export function RegisterLayout({
  back,
  summary,
  steps,
  step,
  children,
}: {
  back: { to: string; text: string };
  summary: ReactNode;
  steps?: readonly RegisterStep[];
  step?: RegisterStep;
  children: ReactNode;
}) {
  return (
    <div className="container rg-page">
      <Link to={back.to} className="rg-back">
        <span aria-hidden="true">←</span> {back.text}
      </Link>
      <div className="rg-grid">
        {summary}
        <section className="card rg-card" aria-label="Registration">
          {steps && step && <StepIndicator steps={steps} current={step} />}
          {children}
        </section>
      </div>
    </div>
  );
}

export function RegisterLoading({ children }: { children: ReactNode }) {
  return (
    <div className="container rg-page">
      <p className="auth-loading rg-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {children}
      </p>
    </div>
  );
}
