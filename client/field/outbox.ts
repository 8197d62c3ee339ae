import { ApiRequestError } from '../lib/http.ts';
import type { FieldTrial } from '../../shared/schemas/field.ts';
import { fieldApi } from './api.ts';
import { store, type Entry } from './store.ts';

/*
 * Sends the judge's entries to Rith one at a time, in the order they were made, each until
 * Rith has answered it: kept on the phone until then (store.ts), so no signal, a reload or a
 * crash loses nothing. A trial is sent with the id the card made for it, so an entry sent
 * again after an answer that never arrived is kept once. Rith's refusals (a rule, another
 * card's entry first) end an entry's journey and are shown to the judge; no answer, or a
 * server that cannot answer now, leaves it first in line for the next try.
 */

export type OutboxState = {
  /** Entries not yet answered, oldest first. */
  waiting: Entry[];
  /**
   * Entries Rith took lately, with when it answered: the card shows them until it has read
   * the event again since (useFieldCard.ts), so it never steps back to the athlete before.
   */
  sent: (Entry & { answeredAt: number })[];
  /** Rith refused the token (revoked): nothing more can be sent. */
  refused: boolean;
  /** The last try found no network or no server; null after an entry went through. */
  failedAt: number | null;
};

type Listener = () => void;

/** How many answered entries are remembered for the card to show until it reads the event. */
const SENT_KEPT = 50;

/** Waits between tries while entries wait: short first, then up to this. */
const RETRY_MS = [1000, 2000, 5000, 10_000];

/** Answers that say "not now" rather than "no": the entry is tried again. */
const retryLater = (error: unknown) =>
  !(error instanceof ApiRequestError) ||
  error.status >= 500 ||
  error.status === 408 ||
  error.status === 429;

class Outbox {
  private state: OutboxState = { waiting: [], sent: [], refused: false, failedAt: null };
  private readonly listeners = new Set<Listener>();
  private sending: Entry | null = null;
  private flushing = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private tries = 0;
  private started = false;
  private readonly sentListeners = new Set<(eventId: string) => void>();

  start(): void {
    if (this.started) return;
    this.started = true;
    window.addEventListener('online', () => void this.flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void this.flush();
    });
    void this.reload().then(() => this.flush());
  }

  /** For useSyncExternalStore: told of every change; `snapshot` reads the state. */
  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): OutboxState => this.state;

  /** Told once an entry of an event went through or was refused (the card reads it again). */
  onSent(listener: (eventId: string) => void): () => void {
    this.sentListeners.add(listener);
    return () => this.sentListeners.delete(listener);
  }

  private set(patch: Partial<OutboxState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private async reload() {
    this.set({ waiting: await store.entries() });
  }

  /** Whether entries of this event still wait to be sent. */
  pending(eventId: string): boolean {
    return this.state.waiting.some((e) => e.eventId === eventId);
  }

  /** Keeps the entry on the phone, then sends it (and whatever waits before it). */
  async add(entry: Entry): Promise<void> {
    await store.add(entry);
    await this.reload();
    void this.flush();
  }

  /**
   * Takes back an entry not sent yet; false when it is on its way (or already sent): the
   * caller removes the trial from Rith instead.
   */
  async withdraw(trialId: string): Promise<boolean> {
    const entries = this.state.waiting.filter((e) => e.trialId === trialId);
    if (entries.length === 0 || entries.some((e) => e.seq === this.sending?.seq)) return false;
    for (const entry of entries) await store.drop(entry.seq!);
    await this.reload();
    return true;
  }

  /** Sends what waits, oldest first, until none does or a try fails. */
  async flush(): Promise<void> {
    // Set before the first await: a second flush (the network back, a new entry, the retry
    // timer) never sends the same entries beside this one.
    if (this.flushing || this.state.refused) return;
    this.flushing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      await this.sendAll();
    } finally {
      this.flushing = false;
    }
  }

  private async sendAll(): Promise<void> {
    for (;;) {
      const [entry] = await store.entries();
      if (!entry) return;
      this.sending = entry;
      let kept = true;
      try {
        await this.send(entry);
      } catch (error) {
        if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
          this.sending = null;
          this.set({ refused: true });
          return;
        }
        if (retryLater(error)) {
          this.sending = null;
          this.set({ failedAt: Date.now() });
          const wait = RETRY_MS[Math.min(this.tries, RETRY_MS.length - 1)]!;
          this.tries += 1;
          this.timer = setTimeout(() => void this.flush(), wait);
          return;
        }
        await this.refused(entry, error as ApiRequestError);
        kept = false;
      }
      this.tries = 0;
      // Dropped before it stops being the one on its way: an Undo meanwhile removes it from
      // Rith rather than withdrawing what Rith already has.
      await store.drop(entry.seq!);
      this.sending = null;
      const answered = { ...entry, answeredAt: Date.now() };
      this.set({
        waiting: await store.entries(),
        sent: kept ? [...this.state.sent, answered].slice(-SENT_KEPT) : this.state.sent,
        failedAt: null,
      });
      for (const listener of this.sentListeners) listener(entry.eventId);
    }
  }

  private async send(entry: Entry): Promise<void> {
    switch (entry.kind) {
      case 'attempt':
        await fieldApi.attempt(entry.eventId, entry.body);
        return;
      case 'correct':
        await fieldApi.correct(entry.eventId, entry.trialId, entry.body);
        return;
      case 'remove':
        try {
          await fieldApi.remove(entry.eventId, entry.trialId);
        } catch (error) {
          // Already gone: what the judge wanted.
          if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
        }
    }
  }

  /** Rith said no: the judge is shown why (and, for a clash, the other card's entry). */
  private async refused(entry: Entry, error: ApiRequestError) {
    const existing = error.details.existing as FieldTrial | undefined;
    await store.addProblem({
      trialId: `${entry.trialId}:${entry.seq}`,
      eventId: entry.eventId,
      message: error.message || 'Rith did not keep this entry.',
      body: entry.kind === 'attempt' ? entry.body : null,
      existing: existing ?? null,
    });
  }
}

export const outbox = new Outbox();
