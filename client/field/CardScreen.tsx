import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { FieldAttemptBody, FieldCard } from '../../shared/schemas/field.ts';
import { checkHorizontal, checkVertical } from '../../shared/athletics/field/check.ts';
import { formatCentimetres, readHeight } from '../../shared/athletics/field/marks.ts';
import { errorText } from '../lib/http.ts';
import { newTrialId } from './ids.ts';
import type { LocalCard, LocalTrial, RaisedBar } from './localCard.ts';
import { outbox } from './outbox.ts';
import { useFieldCard } from './useFieldCard.ts';
import { WaitingBadge } from './WaitingBadge.tsx';
import { Keypad, typed } from './Keypad.tsx';
import { Standings } from './Standings.tsx';
import { TrialClock } from './TrialClock.tsx';
import { CardMenu } from './CardMenu.tsx';
import { Problems } from './Problems.tsx';

/** The judge's last entry on this phone, per event: what "Undo" takes back, even after a reload. */
const lastKey = (eventId: string) => `rith-field-last:${eventId}`;

/** One event's card: the athlete up, their trials, the pad to enter the next one. */
export function CardScreen({ eventId, onBack }: { eventId: string; onBack: () => void }) {
  // A bar the judge raised here, before anyone jumped at it: the card calls the athletes there.
  const [raised, setRaised] = useState<RaisedBar | null>(null);
  const { card, local, fromPhone, failure, queue, problems, refresh, dismiss } = useFieldCard(
    eventId,
    raised,
  );
  const [said, setSaid] = useState('');

  return (
    <main className="field">
      <header className="field-head">
        <button
          type="button"
          className="field-back"
          onClick={onBack}
          aria-label="Back to the events"
        >
          ←
        </button>
        <h1 className="field-title">{card?.eventName ?? 'Field card'}</h1>
        <WaitingBadge />
      </header>
      {fromPhone && (
        <p className="field-note">
          No network: entries are kept on this phone and sent when it is back.
        </p>
      )}
      {queue.refused && (
        <p className="field-problem" role="alert">
          Rith refused this phone’s token (revoked?): ask the meet’s admin for a new link. Your
          entries stay on the phone.
        </p>
      )}
      {!card || !local ? (
        failure ? (
          <p className="field-problem" role="alert">
            {errorText(failure, 'This card could not be opened.')}
          </p>
        ) : (
          <p role="status">Opening the card…</p>
        )
      ) : (
        <>
          <Problems problems={problems} card={card} onDismiss={dismiss} onSaid={setSaid} />
          <Entry card={card} local={local} onSaid={setSaid} onRaise={setRaised} />
          <CardMenu card={card} local={local} onChanged={refresh} onSaid={setSaid} />
        </>
      )}
      <p className="field-said" role="status" aria-live="polite">
        {said}
      </p>
    </main>
  );
}

/** The next round an athlete has not had, by the rules' turn when it is theirs. */
function nextRound(card: FieldCard, local: LocalCard, bib: string): number {
  if (local.summary.up?.bib === bib) return local.summary.up.trial;
  const taken = new Set(local.trials.filter((t) => t.bib === bib).map((t) => t.round));
  for (let round = 1; round <= card.settings.trials; round += 1)
    if (!taken.has(round)) return round;
  return card.settings.trials;
}

function Entry({
  card,
  local,
  onSaid,
  onRaise,
}: {
  card: FieldCard;
  local: LocalCard & { bar: string | null };
  onSaid: (text: string) => void;
  onRaise: (raised: RaisedBar) => void;
}) {
  const { summary } = local;
  const [chosen, setChosen] = useState<string | null>(null);
  const bib = chosen ?? summary.up?.bib ?? card.athletes[0]?.bib ?? '';
  const athlete = card.athletes.find((a) => a.bib === bib);
  const [round, setRound] = useState<number | null>(null);
  const [mark, setMark] = useState('');
  const [wind, setWind] = useState('');
  const [target, setTarget] = useState<'mark' | 'wind' | 'bar'>('mark');
  const [refusal, setRefusal] = useState<string | null>(null);
  const ended = card.completedAt !== null;
  const vertical = card.kind === 'vertical';
  const height = local.bar;
  const trialRound = round ?? nextRound(card, local, bib);

  // Once an entry is made, the card follows the rules' next athlete again.
  const reset = () => {
    setChosen(null);
    setRound(null);
    setMark('');
    setWind('');
    setTarget('mark');
    setRefusal(null);
  };

  const mine = useMemo(() => local.trials.filter((t) => t.bib === bib), [local.trials, bib]);

  const enter = async (entered: string) => {
    const id = newTrialId();
    const rules = { discipline: card.discipline, settings: card.settings };
    let body: FieldAttemptBody;
    if (vertical) {
      if (height === null) return setRefusal('Set the bar height first.');
      const atHeight = mine.filter((t) => t.height === height).length;
      body = { id, bib, height, mark: entered, trial: atHeight + 1 };
      const checked = checkVertical(rules, card.athletes, local.state.vertical, {
        ...body,
        height,
      });
      if (!checked.ok) return setRefusal(checked.refusal.message);
    } else {
      const taken = mine.find((t) => t.round === trialRound);
      if (taken) {
        return setRefusal(
          `Trial ${trialRound} is already entered as ${taken.mark}: undo or correct it.`,
        );
      }
      body = {
        id,
        bib,
        round: trialRound,
        mark: entered,
        ...(card.windPerTrial && wind !== '' ? { wind } : {}),
      };
      const checked = checkHorizontal(rules, card.athletes, local.state.horizontal, {
        ...body,
        round: trialRound,
      });
      if (!checked.ok) return setRefusal(checked.refusal.message);
    }
    await outbox.add({ kind: 'attempt', eventId: card.id, trialId: id, at: Date.now(), body });
    localStorage.setItem(lastKey(card.id), id);
    onSaid(
      `Saved ${entered} for ${athlete?.name ?? bib}${vertical ? ` at ${height}` : `, trial ${trialRound}`}.`,
    );
    reset();
  };

  const raise = () => {
    const cm = readHeight(mark);
    if (cm === null) return setRefusal(`"${mark}" is not a bar height: give metres like 1.85.`);
    const now = summary.bar === null ? null : readHeight(summary.bar);
    if (now !== null && cm - now < card.minimumRise) {
      return setRefusal(
        `The bar rises at least ${card.minimumRise} cm at a time: from ${summary.bar} the next height is ${formatCentimetres(now + card.minimumRise)} or more.`,
      );
    }
    onRaise({ from: summary.bar, to: formatCentimetres(cm) });
    setMark('');
    setTarget('mark');
    setRefusal(null);
  };

  // A keyboard works the card too: digits and the point into the field being typed, Enter to
  // save (or set the bar), X, O, - and R for the marks; not while a form field has focus.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (ended || event.ctrlKey || event.metaKey || event.altKey) return;
    const focused = event.target instanceof HTMLElement ? event.target : null;
    if (focused?.closest('input, select, textarea, [role="dialog"]')) return;
    const key = event.key === ',' ? '.' : event.key;
    const lower = key.toLowerCase();
    let handled = true;
    if (/^[0-9.]$/.test(key) || key === 'Backspace') {
      if (target === 'wind')
        setWind(wind.startsWith('-') ? `-${typed(wind.slice(1), key)}` : typed(wind, key));
      else if (target === 'bar' || !vertical) setMark(typed(mark, key));
      else handled = false;
    } else if (key === 'Enter' && !focused?.closest('button')) {
      if (target === 'bar') raise();
      else if (!vertical && mark !== '') void enter(mark);
    } else if (
      lower === 'x' ||
      key === '-' ||
      (lower === 'o' && vertical) ||
      (lower === 'r' && !vertical)
    ) {
      if (target !== 'bar') void enter(lower);
    } else handled = false;
    if (handled) event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  if (ended) {
    return (
      <section className="field-panel">
        <h2>Results complete</h2>
        <p>The judge ended this event. The admin or the referee makes the results official.</p>
        <Standings rows={summary.standings} heights={summary.heights} />
      </section>
    );
  }

  return (
    <section className="field-panel" aria-labelledby="field-up">
      <h2 id="field-up" className="field-up-label">
        {chosen ? 'Chosen' : 'Up now'}
      </h2>
      {athlete ? (
        <div className="field-athlete">
          <p className="field-athlete-name">
            {athlete.name} <span className="field-bib">{athlete.bib}</span>
          </p>
          <p className="field-athlete-meta">
            {athlete.club ?? ''}
            {vertical ? (height ? ` · ${height} m` : '') : ` · Trial ${trialRound}`}
          </p>
          <Trials trials={mine} vertical={vertical} />
        </div>
      ) : (
        <p>No athlete: add one from the menu.</p>
      )}
      <div className="field-choose">
        <label>
          Athlete{' '}
          <select
            value={bib}
            onChange={(e) => {
              setChosen(e.target.value);
              setRound(null);
              setRefusal(null);
            }}
          >
            {card.athletes.map((a) => (
              <option key={a.bib} value={a.bib}>
                {a.bib} {a.name}
              </option>
            ))}
          </select>
        </label>
        {!vertical && (
          <label>
            Trial{' '}
            <select value={trialRound} onChange={(e) => setRound(Number(e.target.value))}>
              {Array.from({ length: card.settings.trials }, (_, i) => i + 1).map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>

      {vertical ? (
        <>
          <div className="field-display">
            <span>{target === 'bar' ? 'New bar' : 'Bar'}</span>
            <output aria-live="polite">
              {target === 'bar' ? `${mark || '–'} m` : height ? `${height} m` : 'not set'}
            </output>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setTarget(target === 'bar' ? 'mark' : 'bar');
                setMark('');
              }}
            >
              {target === 'bar' ? 'Cancel' : height ? 'Raise bar' : 'Set bar'}
            </button>
          </div>
          {target === 'bar' ? (
            <>
              <Keypad value={mark} onChange={setMark} label="Bar height" />
              <button type="button" className="field-save" onClick={raise}>
                Set bar at {mark || '…'} m
              </button>
            </>
          ) : (
            <div className="field-vertical-keys">
              <button type="button" className="field-big is-clear" onClick={() => void enter('o')}>
                O<span> clear</span>
              </button>
              <button type="button" className="field-big is-fail" onClick={() => void enter('x')}>
                X<span> fail</span>
              </button>
              <button type="button" className="field-big" onClick={() => void enter('-')}>
                –<span> pass</span>
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          <div className="field-display">
            <button
              type="button"
              className={`field-field${target === 'mark' ? ' is-active' : ''}`}
              onClick={() => setTarget('mark')}
              aria-pressed={target === 'mark'}
            >
              Mark <output>{mark || '–'}</output> m
            </button>
            {card.windPerTrial && (
              <button
                type="button"
                className={`field-field${target === 'wind' ? ' is-active' : ''}`}
                onClick={() => setTarget('wind')}
                aria-pressed={target === 'wind'}
              >
                Wind <output>{wind || '–'}</output>
              </button>
            )}
            {card.windPerTrial && target === 'wind' && (
              <button
                type="button"
                className="btn btn-secondary"
                aria-label="Change the wind's sign"
                onClick={() =>
                  setWind(wind.startsWith('-') ? wind.slice(1) : `-${wind.replace(/^\+/, '')}`)
                }
              >
                ±
              </button>
            )}
          </div>
          <Keypad
            value={target === 'wind' ? wind.replace(/^-/, '') : mark}
            onChange={(v) =>
              target === 'wind' ? setWind(wind.startsWith('-') ? `-${v}` : v) : setMark(v)
            }
            label={target === 'wind' ? 'Wind' : 'Mark'}
          />
          <div className="field-codes">
            <button type="button" className="field-big is-fail" onClick={() => void enter('x')}>
              X<span> foul</span>
            </button>
            <button type="button" className="field-big" onClick={() => void enter('-')}>
              –<span> pass</span>
            </button>
            <button type="button" className="field-big" onClick={() => void enter('r')}>
              r<span> retired</span>
            </button>
          </div>
          <button
            type="button"
            className="field-save"
            disabled={mark === ''}
            onClick={() => void enter(mark)}
          >
            Save {mark ? `${mark} m` : 'mark'}
          </button>
        </>
      )}
      {refusal && (
        <p className="field-problem" role="alert">
          {refusal}
        </p>
      )}
      <p className="field-next">
        {summary.onDeck && (
          <span>
            On deck: <strong>{summary.onDeck.name}</strong>
          </span>
        )}
        {summary.next && (
          <span>
            Next: <strong>{summary.next.name}</strong>
          </span>
        )}
      </p>
      <div className="field-row">
        <UndoButton card={card} local={local} onSaid={onSaid} />
        <Dialog.Root>
          <Dialog.Trigger className="btn btn-secondary">Standings</Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="field-overlay" />
            <Dialog.Content className="field-dialog">
              <Dialog.Title>Standings</Dialog.Title>
              <Dialog.Description className="visually-hidden">
                Places by the rules, with every trial entered so far.
              </Dialog.Description>
              <Standings rows={summary.standings} heights={summary.heights} />
              {summary.jumpOff && (
                <p className="field-problem">A tie for first: the rules call a jump-off.</p>
              )}
              <Dialog.Close className="btn">Close</Dialog.Close>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <TrialClock />
      </div>
    </section>
  );
}

function Trials({ trials, vertical }: { trials: readonly LocalTrial[]; vertical: boolean }) {
  if (trials.length === 0) return <p className="field-trials-none">No trial yet</p>;
  const cells = vertical
    ? [...new Set(trials.map((t) => t.height))].map((h) => ({
        key: h ?? '',
        label: `${h}`,
        text: trials
          .filter((t) => t.height === h)
          .map((t) => t.mark)
          .join('')
          .toUpperCase(),
        waiting: trials.some((t) => t.height === h && t.waiting),
      }))
    : [...trials]
        .sort((a, b) => (a.round ?? 0) - (b.round ?? 0))
        .map((t) => ({
          key: t.id,
          label: `${t.round}`,
          text: t.mark === 'x' ? 'X' : t.mark,
          waiting: t.waiting,
        }));
  return (
    <ol className="field-trials" aria-label="Trials so far">
      {cells.map((cell) => (
        <li key={cell.key} className={cell.waiting ? 'is-waiting' : ''}>
          <span className="field-trial-label">{cell.label}</span> {cell.text}
          {cell.waiting && <span className="visually-hidden"> (waiting to be sent)</span>}
        </li>
      ))}
    </ol>
  );
}

function UndoButton({
  card,
  local,
  onSaid,
}: {
  card: FieldCard;
  local: LocalCard;
  onSaid: (t: string) => void;
}) {
  const last = localStorage.getItem(lastKey(card.id));
  const trial = local.trials.find((t) => t.id === last);
  const undo = async () => {
    if (!trial) return;
    localStorage.removeItem(lastKey(card.id));
    if (!(await outbox.withdraw(trial.id))) {
      await outbox.add({ kind: 'remove', eventId: card.id, trialId: trial.id, at: Date.now() });
    }
    const athlete = card.athletes.find((a) => a.bib === trial.bib);
    onSaid(`Took back ${trial.mark} for ${athlete?.name ?? trial.bib}.`);
  };
  return (
    <button
      type="button"
      className="btn btn-secondary"
      disabled={!trial}
      onClick={() => void undo()}
    >
      Undo last
    </button>
  );
}
