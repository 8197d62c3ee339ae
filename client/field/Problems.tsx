import type { FieldAttemptBody, FieldCard } from '../../shared/schemas/field.ts';
import { outbox } from './outbox.ts';
import type { Problem } from './store.ts';

/** The entry that puts this phone's mark in place of the trial another card entered. */
const correction = (eventId: string, keptId: string, body: FieldAttemptBody) =>
  ({
    kind: 'correct',
    eventId,
    trialId: keptId,
    at: Date.now(),
    body: { mark: body.mark, wind: body.wind ?? null },
  }) as const;

const whichTrial = (body: FieldAttemptBody) =>
  body.round !== undefined ? `trial ${body.round}` : `${body.height} m`;

/**
 * Entries Rith did not keep. A clash (another card entered the same trial first) shows both:
 * the judge keeps the one already there, or puts this phone's in its place (a correction).
 * A refused correction or removal says why.
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
  const keepMine = async (problem: Problem, keptId: string, body: FieldAttemptBody) => {
    await outbox.add(correction(card.id, keptId, body));
    await onDismiss(problem.trialId);
    onSaid(`${nameOf(body.bib)}, ${whichTrial(body)}: ${body.mark} is kept.`);
  };
  return (
    <section className="field-panel field-problems" aria-label="Entries not kept">
      {problems.map((problem) => {
        const { existing, body } = problem;
        return (
          <div key={problem.trialId} className="field-problem-item">
            <p role="alert">
              {body ? (
                <>
                  <strong>{nameOf(body.bib)}</strong>, {whichTrial(body)}: {problem.message}
                </>
              ) : (
                <>A correction was not kept: {problem.message}</>
              )}
            </p>
            <div className="field-row">
              {existing && body && (
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => void keepMine(problem, existing.id, body)}
                >
                  Use {body.mark}
                </button>
              )}
              <button type="button" className="btn" onClick={() => void onDismiss(problem.trialId)}>
                {existing ? `Keep ${existing.mark}` : 'Dismiss'}
              </button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
