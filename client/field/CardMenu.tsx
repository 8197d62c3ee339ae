import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { FieldCard } from '../../shared/schemas/field.ts';
import { errorText } from '../lib/http.ts';
import { fieldApi } from './api.ts';
import type { LocalCard } from './localCard.ts';
import { outbox } from './outbox.ts';

/**
 * What a judge does now and then: add a late athlete, set the counts of trials and
 * finalists, end the event. Each needs the network (Rith answers at once).
 */
export function CardMenu({
  card,
  local,
  onChanged,
  onSaid,
}: {
  card: FieldCard;
  local: LocalCard;
  onChanged: () => Promise<void>;
  onSaid: (text: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ended = card.completedAt !== null;

  const run = async (action: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await action();
      await onChanged();
      onSaid(done);
      setOpen(false);
    } catch (error) {
      setProblem(errorText(error, 'Rith did not take it.'));
    }
  };

  const addAthlete = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    void run(
      () =>
        fieldApi.addAthlete(card.id, {
          bib: text('bib'),
          name: text('name'),
          club: text('club') || null,
        }),
      `${text('name')} added.`,
    );
  };

  const saveSettings = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const count = (name: string) => Number(form.get(name));
    void run(
      () =>
        fieldApi.settings(card.id, {
          trials: count('trials'),
          trialsBeforeCut: count('trialsBeforeCut'),
          finalists: count('finalists'),
        }),
      'Settings saved.',
    );
  };

  const complete = () => {
    if (outbox.pending(card.id)) {
      setProblem('Entries are still waiting to be sent: end the event once they are.');
      return;
    }
    void run(
      () => fieldApi.complete(card.id),
      'Results complete: the admin or the referee makes them official.',
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn btn-secondary field-menu-button">Menu</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="field-overlay" />
        <Dialog.Content className="field-dialog">
          <Dialog.Title>{card.eventName}</Dialog.Title>
          <Dialog.Description>
            {local.trials.length} trials · {card.athletes.length} athletes
          </Dialog.Description>
          {problem && (
            <p className="field-problem" role="alert">
              {problem}
            </p>
          )}
          {!ended && (
            <>
              <form className="field-form" onSubmit={addAthlete}>
                <h3>Add an athlete</h3>
                <label>
                  Bib <input name="bib" required inputMode="numeric" autoComplete="off" />
                </label>
                <label>
                  Name <input name="name" required autoComplete="off" />
                </label>
                <label>
                  Club <input name="club" autoComplete="off" />
                </label>
                <button type="submit" className="btn">
                  Add athlete
                </button>
              </form>
              {card.kind === 'horizontal' && (
                <form className="field-form" onSubmit={saveSettings}>
                  <h3>Trials</h3>
                  <label>
                    Trials in all
                    <select name="trials" defaultValue={card.settings.trials}>
                      {[3, 4, 5, 6].map((n) => (
                        <option key={n}>{n}</option>
                      ))}
                    </select>
                  </label>
                  <label>
                    Before the cut
                    <select name="trialsBeforeCut" defaultValue={card.settings.trialsBeforeCut}>
                      {[1, 2, 3, 4].map((n) => (
                        <option key={n}>{n}</option>
                      ))}
                    </select>
                  </label>
                  <label>
                    Finalists
                    <select name="finalists" defaultValue={card.settings.finalists}>
                      {[6, 8, 9, 10, 12].map((n) => (
                        <option key={n}>{n}</option>
                      ))}
                    </select>
                  </label>
                  <button type="submit" className="btn">
                    Save settings
                  </button>
                </form>
              )}
              <div className="field-form">
                <h3>End the event</h3>
                <p>When every trial is in: the standings become the unofficial results.</p>
                <button type="button" className="btn field-danger" onClick={complete}>
                  Results complete
                </button>
              </div>
            </>
          )}
          <Dialog.Close className="btn btn-secondary">Close</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
