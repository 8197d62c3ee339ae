import { stepLabels, type RegisterStep } from './steps.ts';

/** The registration steps as a numbered list; the current one is marked for screen readers. */
export function StepIndicator({
  steps,
  current,
}: {
  steps: readonly RegisterStep[];
  current: RegisterStep;
}) {
  const currentIndex = steps.indexOf(current);
  return (
    <ol className="rg-steps" aria-label="Registration steps">
      {steps.map((step, index) => {
        const state =
          index < currentIndex ? 'is-done' : index === currentIndex ? 'is-current' : 'is-next';
        return (
          <li
            key={step}
            className={`rg-step ${state}`}
            {...(index === currentIndex ? { 'aria-current': 'step' as const } : {})}
          >
            <span className="rg-step-number" aria-hidden="true">
              {index < currentIndex ? '✓' : index + 1}
            </span>
            <span className="rg-step-label">{stepLabels[step]}</span>
            {index < currentIndex && <span className="visually-hidden"> (completed)</span>}
          </li>
        );
      })}
    </ol>
  );
}
