import { isDeepStrictEqual } from 'node:util';
import type { ChangeDeps } from '../runtime.ts';
import type { Db } from '../db/connect.ts';
import type { AgentPrincipal } from '../timingRoom/tokens.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type {
  FieldAthleteBody,
  FieldAttemptBody,
  FieldCard,
  FieldCorrectionBody,
  FieldEventSummary,
  FieldSettingsBody,
  FieldTrial,
} from '../../shared/schemas/field.ts';
import {
  DEFAULT_FIELD_SETTINGS,
  FIELD_CARD_FILE,
  type CardAthlete,
  type FieldSettings,
} from '../../shared/athletics/field/card.ts';
import {
  checkHorizontal,
  checkVertical,
  type FieldRules,
} from '../../shared/athletics/field/check.ts';
import {
  fieldKindOf,
  hasTrialWind,
  isCardDiscipline,
  minimumRiseCm,
  readVerticalMark,
} from '../../shared/athletics/field/marks.ts';
import { cardState, cardSummary, type FieldCardState } from '../../shared/athletics/field/view.ts';
import { commitThenPublish } from '../live/commit.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { EventChanges } from '../events/changes.ts';
import { fieldEventOf, fieldEventsOf, type FieldEventRow } from '../events/fieldEvents.ts';
import {
  cardOf,
  completedCards,
  correctTrial,
  entriesOf,
  insertEntry,
  insertTrial,
  removeTrial,
  saveCard,
  trialById,
  trialCounts,
  trialsOf,
  type TrialRow,
} from './queries.ts';

/** A card as read inside a change: the event, its settings, its athletes and trials. */
interface Card {
  event: FieldEventRow;
  settings: FieldSettings;
  completedAt: Date | null;
  athletes: (CardAthlete & { late: boolean })[];
  trials: TrialRow[];
}

const NOT_FOUND = 'No such field event in this competition.';

/** The start list's athletes with a bib, in its order, then those added at the field. */
function athletesOf(
  startList: readonly AthleteRow[],
  entries: readonly { bib: string; name: string; club: string | null; flight: number }[],
): Card['athletes'] {
  const athletes: Card['athletes'] = [];
  const seen = new Set<string>();
  startList.forEach((row, index) => {
    const bib = row.bib?.trim() ?? '';
    if (bib === '' || seen.has(bib)) return;
    seen.add(bib);
    const order = Number(row.lane);
    athletes.push({
      bib,
      name: row.name,
      club: row.club,
      flight: row.flight ?? 1,
      order: Number.isInteger(order) && order > 0 ? order : index + 1,
      late: false,
    });
  });
  const last = Math.max(0, ...athletes.map((a) => a.order));
  entries.forEach((entry, index) => {
    if (seen.has(entry.bib)) return;
    seen.add(entry.bib);
    athletes.push({ ...entry, order: last + index + 1, late: true });
  });
  return athletes;
}

async function readCard(db: Db, principal: AgentPrincipal, eventId: string, lock: boolean) {
  const event = await fieldEventOf(db, eventId, lock);
  if (!event || event.competitionUic !== principal.competitionUic) throw new NotFound(NOT_FOUND);
  if (event.eventType !== 'JUMP' || !isCardDiscipline(event.fieldDiscipline)) {
    throw new Invalid(
      `"${event.eventName}" is not a jump or throw: the field card runs those.`,
      'not_a_field_event',
    );
  }
  const [card, entries, trials] = await Promise.all([
    cardOf(db, eventId),
    entriesOf(db, eventId),
    trialsOf(db, eventId),
  ]);
  return {
    event,
    settings: card?.settings ?? DEFAULT_FIELD_SETTINGS,
    completedAt: card?.completedAt ?? null,
    athletes: athletesOf(event.startListFile, entries),
    trials,
  } satisfies Card;
}

const stateOf = (card: Card): FieldCardState =>
  cardState(card.event.fieldDiscipline, card.settings, card.athletes, card.trials);

const rulesOf = (card: Card): FieldRules => ({
  discipline: card.event.fieldDiscipline,
  settings: card.settings,
});

export const trialOf = (row: TrialRow): FieldTrial => ({
  id: row.id,
  bib: row.bib,
  round: row.round,
  height: row.height,
  trial: row.trial,
  mark: row.mark,
  wind: row.wind,
  enteredAt: row.enteredAt.toISOString(),
  correctedAt: row.correctedAt?.toISOString() ?? null,
});

function viewOf(card: Card): FieldCard {
  return {
    id: card.event.id,
    eventName: card.event.eventName,
    discipline: card.event.fieldDiscipline,
    kind: fieldKindOf(card.event.fieldDiscipline),
    windPerTrial: hasTrialWind(card.event.fieldDiscipline),
    minimumRise: minimumRiseCm(card.event.fieldDiscipline),
    status: card.event.status,
    version: card.event.version,
    settings: card.settings,
    completedAt: card.completedAt?.toISOString() ?? null,
    athletes: card.athletes,
    trials: card.trials.map(trialOf),
    ...cardSummary(stateOf(card), card.completedAt !== null),
  };
}

/**
 * Writes the card to its event, through the events' one writer, and returns what spectators
 * are told. While the judge enters trials, the standings are the event's unofficial lines
 * (the event turns unofficial, as a heat does with the scoreboard's); once the judge ends
 * it, they are its results too, still unofficial until the admin or referee confirms them.
 */
async function publish(trx: Db, card: Card) {
  const changes = new EventChanges(trx);
  const closed = card.completedAt !== null;
  const { standings: rows, up, onDeck, next, bar } = cardSummary(stateOf(card), closed);
  const live =
    card.trials.length === 0 && !closed
      ? null
      : {
          rows,
          wind: null,
          updatedAt: new Date().toISOString(),
          field: { up, onDeck, next, bar, ended: closed },
        };
  await changes.write(card.event.id, {
    live,
    // Typed in at the field: the admin's form keeps them as results entered by hand.
    ...(closed
      ? { results: rows, resultsFileType: 'MANUAL' as const, resultsFileName: FIELD_CARD_FILE }
      : {}),
    ...(card.event.status === 'upcoming' && live !== null ? { status: 'unofficial' as const } : {}),
  });
  return changes.messages();
}

/** The card's change, in one transaction with its event locked, published after commit. */
function change<T>(
  deps: ChangeDeps,
  principal: AgentPrincipal,
  eventId: string,
  step: (trx: Db, card: Card) => Promise<{ result: T; changed: boolean }>,
): Promise<T> {
  return commitThenPublish(deps, async (trx) => {
    const card = await readCard(trx, principal, eventId, true);
    const { result, changed } = await step(trx, card);
    if (!changed) return { result, message: null };
    const after = await readCard(trx, principal, eventId, false);
    return { result, message: await publish(trx, after) };
  });
}

/**
 * A change answered with the card as it stands once committed (its event's new version
 * included): `step` says whether it changed anything.
 */
async function changeToCard(
  deps: ChangeDeps,
  principal: AgentPrincipal,
  eventId: string,
  step: (trx: Db, card: Card) => Promise<boolean>,
): Promise<FieldCard> {
  await change(deps, principal, eventId, async (trx, card) => ({
    result: null,
    changed: await step(trx, card),
  }));
  return fieldCard(deps.db, principal, eventId);
}

/** Trials may be entered: the judge has not ended the event, and it is still the card's. */
function openCard(card: Card): void {
  if (card.completedAt !== null) {
    throw new Conflict(
      'The judge has ended this event (results complete): no more trials can be entered.',
      'card_closed',
    );
  }
  editableCard(card);
}

/**
 * The card's trials may still change (a correction, a removal, the end): the event's results
 * are still the card's, not FieldLynx's file's, and not made official or scratched.
 */
function editableCard(card: Card): void {
  if (card.event.resultsFileType === 'LYNX_MEET_MANAGMENT') {
    throw new Conflict(
      "FieldLynx's results for this event are in: they are the event's results now.",
      'card_closed',
    );
  }
  if (card.event.status === 'official' || card.event.status === 'scratched') {
    throw new Conflict(
      `The event is ${card.event.status}: its trials can no longer change.`,
      'card_closed',
    );
  }
}

export async function listFieldEvents(
  db: Db,
  principal: AgentPrincipal,
): Promise<FieldEventSummary[]> {
  const events = (await fieldEventsOf(db, principal.competitionUic)).filter((e) =>
    isCardDiscipline(e.fieldDiscipline),
  );
  const ids = events.map((e) => e.id);
  const [counts, completed] = await Promise.all([trialCounts(db, ids), completedCards(db, ids)]);
  return events.map((event) => ({
    id: event.id,
    eventName: event.eventName,
    time: event.time,
    discipline: event.fieldDiscipline,
    kind: fieldKindOf(event.fieldDiscipline),
    status: event.status,
    athletes: event.startListFile.length,
    trials: counts.get(event.id) ?? 0,
    completed: completed.has(event.id),
  }));
}

export async function fieldCard(db: Db, principal: AgentPrincipal, eventId: string) {
  return viewOf(await readCard(db, principal, eventId, false));
}

/** The body a trial was first sent with, to tell a repeat from another trial with its id. */
const sameRequest = (stored: unknown, body: FieldAttemptBody) =>
  isDeepStrictEqual(stored, JSON.parse(JSON.stringify(body)));

function clash(card: Card, existing: TrialRow): Conflict {
  const athlete = card.athletes.find((a) => a.bib === existing.bib);
  const which =
    existing.round !== null
      ? `trial ${existing.round}`
      : `trial ${existing.trial} at ${existing.height}`;
  return new Conflict(
    `${athlete?.name ?? `Bib ${existing.bib}`}'s ${which} is already entered as "${existing.mark}". Keep it, or correct it.`,
    'trial_taken',
    { existing: trialOf(existing) },
  );
}

/**
 * Enters one trial. The same id again changes nothing and answers as the first time did;
 * a trial another card entered first is refused with that one; the rules refuse the rest.
 */
export function enterTrial(
  deps: ChangeDeps,
  principal: AgentPrincipal,
  eventId: string,
  body: FieldAttemptBody,
): Promise<FieldTrial> {
  return change(deps, principal, eventId, async (trx, card) => {
    const known = await trialById(trx, body.id);
    if (known) {
      if (known.eventId === eventId && sameRequest(known.request, body)) {
        return { result: trialOf(known), changed: false };
      }
      throw new Conflict('This trial id was already used for another trial.', 'attempt_id_reused');
    }
    openCard(card);
    const rules = rulesOf(card);
    const state = stateOf(card);
    const bib = body.bib.trim();
    if (fieldKindOf(card.event.fieldDiscipline) === 'horizontal') {
      if (body.round === undefined) {
        throw new Invalid("Give the trial's round (1-6).", 'round_out_of_range');
      }
      const taken = card.trials.find((t) => t.bib === bib && t.round === body.round);
      if (taken) throw clash(card, taken);
      const checked = checkHorizontal(rules, card.athletes, state.horizontal, {
        ...body,
        bib,
        round: body.round,
      });
      if (!checked.ok) throw new Invalid(checked.refusal.message, checked.refusal.code);
      const { trial } = checked;
      const row = await insertTrial(trx, {
        id: trial.id,
        eventId,
        bib: trial.bib,
        round: trial.round,
        height: null,
        trial: null,
        mark: trial.mark,
        wind: trial.wind,
        request: body,
        tokenId: principal.tokenId,
      });
      return { result: trialOf(row), changed: true };
    }
    if (body.height === undefined) {
      throw new Invalid('Give the bar height, like 2.05.', 'invalid_height');
    }
    const checked = checkVertical(rules, card.athletes, state.vertical, {
      ...body,
      bib,
      height: body.height,
    });
    const height = checked.ok ? checked.trial.height : body.height;
    const atHeight = card.trials.filter((t) => t.bib === bib && t.height === height);
    // The card says which trial at the height it saw this as: one it did not know was entered
    // (by another card) is a clash. Numbers are kept unique past removals: the next after all.
    const taken = body.trial !== undefined ? atHeight[body.trial - 1] : undefined;
    if (taken) throw clash(card, taken);
    if (!checked.ok) throw new Invalid(checked.refusal.message, checked.refusal.code);
    const { trial } = checked;
    const row = await insertTrial(trx, {
      id: trial.id,
      eventId,
      bib: trial.bib,
      round: null,
      height: trial.height,
      trial: Math.max(0, ...atHeight.map((t) => t.trial ?? 0)) + 1,
      mark: trial.mark,
      wind: null,
      request: body,
      tokenId: principal.tokenId,
    });
    return { result: trialOf(row), changed: true };
  });
}

function trialIn(card: Card, attemptId: string): TrialRow {
  const trial = card.trials.find((t) => t.id === attemptId);
  if (!trial) throw new NotFound('No such trial on this card: it may have been removed.');
  return trial;
}

/** Corrects one trial's mark (and wind); the event's history keeps the change. */
export function correctFieldTrial(
  deps: ChangeDeps,
  principal: AgentPrincipal,
  eventId: string,
  attemptId: string,
  body: FieldCorrectionBody,
): Promise<FieldTrial> {
  return change(deps, principal, eventId, async (trx, card) => {
    editableCard(card);
    const trial = trialIn(card, attemptId);
    let mark: string;
    let wind: string | null = null;
    if (trial.round !== null) {
      const others = stateOf({ ...card, trials: card.trials.filter((t) => t.id !== attemptId) });
      const checked = checkHorizontal(rulesOf(card), card.athletes, others.horizontal, {
        ...body,
        id: trial.id,
        bib: trial.bib,
        round: trial.round,
      });
      if (!checked.ok) throw new Invalid(checked.refusal.message, checked.refusal.code);
      ({ mark, wind } = checked.trial);
    } else {
      const read = readVerticalMark(body.mark);
      if (read === null)
        throw new Invalid(`"${body.mark}" is not a trial: give o, x or -.`, 'invalid_mark');
      mark = read;
    }
    if (mark === trial.mark && wind === trial.wind)
      return { result: trialOf(trial), changed: false };
    return { result: trialOf(await correctTrial(trx, trial.id, { mark, wind })), changed: true };
  });
}

/** Removes a trial entered by mistake. */
export function removeFieldTrial(
  deps: ChangeDeps,
  principal: AgentPrincipal,
  eventId: string,
  attemptId: string,
): Promise<void> {
  return change(deps, principal, eventId, async (trx, card) => {
    editableCard(card);
    const trial = trialIn(card, attemptId);
    await removeTrial(trx, trial.id);
    return { result: undefined, changed: true };
  });
}

/** A late entry: an athlete the start list does not have. */
export function addFieldAthlete(
  deps: ChangeDeps,
  principal: AgentPrincipal,
  eventId: string,
  body: FieldAthleteBody,
): Promise<FieldCard> {
  return changeToCard(deps, principal, eventId, async (trx, card) => {
    openCard(card);
    const bib = body.bib.trim();
    if (card.athletes.some((a) => a.bib === bib)) {
      throw new Conflict(`Bib ${bib} is already in this event.`);
    }
    await insertEntry(trx, {
      eventId,
      bib,
      name: body.name,
      club: body.club?.trim() || null,
      flight: body.flight ?? 1,
    });
    return true;
  });
}

/** Counts of trials and finalists for this event. */
export function setFieldSettings(
  deps: ChangeDeps,
  principal: AgentPrincipal,
  eventId: string,
  settings: FieldSettingsBody,
): Promise<FieldCard> {
  return changeToCard(deps, principal, eventId, async (trx, card) => {
    openCard(card);
    await saveCard(trx, eventId, { settings });
    return true;
  });
}

/**
 * The judge ends the event ("results complete"): its standings become its results,
 * unofficial until the admin or the referee makes them official.
 */
export function completeFieldEvent(
  deps: ChangeDeps,
  principal: AgentPrincipal,
  eventId: string,
): Promise<FieldCard> {
  return changeToCard(deps, principal, eventId, async (trx, card) => {
    if (card.completedAt !== null) return false;
    editableCard(card);
    if (card.trials.length === 0) {
      throw new Invalid('No trial is entered yet: there are no results to complete.');
    }
    await saveCard(trx, eventId, { settings: card.settings, completed: true });
    return true;
  });
}
