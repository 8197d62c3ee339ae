import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type {
  FieldAttemptBody,
  FieldCard,
  FieldCorrectionBody,
  FieldEventSummary,
  FieldIdentity,
  FieldTrial,
} from '../../shared/schemas/field.ts';

/*
 * What the card keeps on the phone (IndexedDB), so that nothing the judge enters is lost to
 * a dead signal, a closed tab or a flat battery: the entries not yet sent, in order (the
 * outbox), the last card and event list Rith sent (to work from offline), and the entries
 * Rith refused, for the judge to see.
 */

/** An entry waiting to be sent, in the order the judge made it. */
export type Entry = { seq?: number; eventId: string; trialId: string; at: number } & (
  | { kind: 'attempt'; body: FieldAttemptBody }
  | { kind: 'correct'; body: FieldCorrectionBody }
  | { kind: 'remove' }
);

/** An entry Rith did not keep: a clash with another card's, or a rule it breaks. */
export interface Problem {
  /** The entry's trial and place in the outbox: one problem per entry. */
  trialId: string;
  eventId: string;
  message: string;
  /** The trial entered; null for a correction or removal Rith refused. */
  body: FieldAttemptBody | null;
  /** A clash: the trial the other card entered first. */
  existing: FieldTrial | null;
}

interface CardDb extends DBSchema {
  outbox: { key: number; value: Entry };
  cards: { key: string; value: FieldCard };
  problems: { key: string; value: Problem };
  meta: { key: string; value: FieldEventSummary[] | FieldIdentity };
}

let opened: Promise<IDBPDatabase<CardDb>> | null = null;
const db = () =>
  (opened ??= openDB<CardDb>('rith-field', 1, {
    upgrade(database) {
      database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      database.createObjectStore('cards', { keyPath: 'id' });
      database.createObjectStore('problems', { keyPath: 'trialId' });
      database.createObjectStore('meta');
    },
  }));

export const store = {
  async entries(): Promise<Entry[]> {
    return (await db()).getAll('outbox');
  },
  async add(entry: Entry): Promise<void> {
    await (await db()).add('outbox', entry);
  },
  async drop(seq: number): Promise<void> {
    await (await db()).delete('outbox', seq);
  },
  async card(id: string): Promise<FieldCard | undefined> {
    return (await db()).get('cards', id);
  },
  async keepCard(card: FieldCard): Promise<void> {
    await (await db()).put('cards', card);
  },
  async events(): Promise<FieldEventSummary[] | undefined> {
    return (await (await db()).get('meta', 'events')) as FieldEventSummary[] | undefined;
  },
  async keepEvents(events: FieldEventSummary[]): Promise<void> {
    await (await db()).put('meta', events, 'events');
  },
  async identity(): Promise<FieldIdentity | undefined> {
    return (await (await db()).get('meta', 'identity')) as FieldIdentity | undefined;
  },
  async keepIdentity(identity: FieldIdentity): Promise<void> {
    await (await db()).put('meta', identity, 'identity');
  },
  async problems(): Promise<Problem[]> {
    return (await db()).getAll('problems');
  },
  async addProblem(problem: Problem): Promise<void> {
    await (await db()).put('problems', problem);
  },
  async dropProblem(trialId: string): Promise<void> {
    await (await db()).delete('problems', trialId);
  },
};
