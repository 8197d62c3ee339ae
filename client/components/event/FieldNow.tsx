import type { LiveResults } from '../../../shared/schemas/event.ts';

type Field = NonNullable<LiveResults['field']>;
type Turn = NonNullable<Field['up']>;

const trialText = (turn: Turn) =>
  turn.height ? `${turn.height} m, trial ${turn.trial}` : `trial ${turn.trial}`;

/** A field event under way on the officials' card: who is up now, on deck and next. */
export function FieldNow({ field }: { field: Field }) {
  const { up, onDeck, next } = field;
  if (!up) return null;
  return (
    <section className="ev-field-now" aria-label="In the circle now">
      <p className="ev-field-now-up">
        Up now: <strong>{up.name}</strong> ({up.bib}), {trialText(up)}
        {field.bar && !up.height ? ` · bar ${field.bar} m` : ''}
      </p>
      {(onDeck || next) && (
        <p className="ev-field-now-others">
          {onDeck && (
            <>
              On deck: <strong>{onDeck.name}</strong>
            </>
          )}
          {onDeck && next && ' · '}
          {next && (
            <>
              Next: <strong>{next.name}</strong>
            </>
          )}
        </p>
      )}
    </section>
  );
}
