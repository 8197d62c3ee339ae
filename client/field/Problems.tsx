import type { FieldCard } from '../../shared/schemas/field.ts';
import { outbox } from './outbox.ts';
import type { Problem } from './store.ts';

/** The entry that puts this phone's mark in place of the trial another card entered. */
const correction = (eventId: string, keptId: string, body: Problem['body']) =>
  ({
    kind: 'correct',
    eventId,
    trialId: keptId,
    at: Date.now(),
    body: { mark: body.mark, wind: body.wind ?? null },
  }) as const;

/**
 * Entries Rith did not keep. A clash (another card entered the same trial first) shows both:
 * the judge keeps the one already there, or puts this phone's in its place (a correction).
 */
export function Problems({
  problems,
  card,
  onDismiss,
  onSaid,
}: {
  problems: readonly Problem[];
  card: FieldCard;
  onDismiss: (trialId: string) => Promise<void>;
  onSaid: (text: string) => void;
}) {
  if (problems.length === 0) return null;
  const nameOf = (bib: string) => card.athletes.find((a) => a.bib === bib)?.name ?? `Bib ${bib}`;
  // This phone's entry in place of the other card's: a correction of the trial kept.
  const keepMine = async (
    trialId: string,
    keptId: string,
    body: Problem['body'],
    which: string,
  ) => {
    await outbox.add(correction(card.id, keptId, body));
    await onDismiss(trialId);
    onSaid(`${nameOf(body.bib)}, ${which}: ${body.mark} is kept.`);
  };
  return (
    <section className="field-panel field-problems" aria-label="Entries not kept">
      {problems.map((problem) => {
        const { existing, body } = problem;
        const which = body.round !== undefined ? `trial ${body.round}` : `${body.height} m`;
        return (
          <div key={problem.trialId} className="field-problem-item">
            <p role="alert">
              <strong>{nameOf(body.bib)}</strong>, {which}: {problem.message}
            </p>
            {existing ? (
              <div className="field-row">
                <button
                  type="button"
                  className="btn"
                  onClick={() => void keepMine(problem.trialId, existing.id, body, which)}
                >
                  Use {body.mark}
                </button>
              </div>
            ) : (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void onDismiss(problem.trialId)}
              >
                Dismiss
              </button>
            )}
          </div>
        );
      })}
    </section>
  );
}
