/**
 * Forwards scoreboard updates to Rith as they happen, without ever building a backlog:
 * live data is only worth its latest value. Each heat keeps one pending results update and
 * one pending clock; a newer one replaces it while a request is under way. The running clock
 * (FinishLynx sends it about ten times a second) goes at most once a second, but the first
 * tick of a race and every stopped time go at once.
 *
 * Separate from file sending (its own request slot), and not journaled: the heat's file
 * follows within seconds and is what Rith keeps.
 */
import type { ScoreboardAnswer, ScoreboardUpdate } from '../shared/schemas/timingRoom.ts';
import { heatKey } from './scoreboardHeats.ts';
import type { ApiResult, Problem } from './api.ts';
import type { Connection } from './connection.ts';
import type { Reporter } from './report.ts';
import { backoffMs } from './time.ts';

export const RUNNING_CLOCK_EVERY_MS = 1000;

interface Item {
  update: ScoreboardUpdate;
  /** Results only: whether FinishLynx marked this update official, for the printed line. */
  official: boolean;
}

export interface ForwarderDeps {
  send: (update: ScoreboardUpdate) => Promise<ApiResult<ScoreboardAnswer>>;
  reporter: Reporter;
  connection: Connection;
  onUnauthorized: (problem: Problem) => void;
  now?: () => number;
}

/** "100m Men heat 1", as the printed lines name a heat. */
export function heatLabel(heat: ScoreboardUpdate['heat']): string {
  const name = heat.eventName || `event ${heat.eventNumber}`;
  return heat.heat > 0 ? `${name} heat ${heat.heat}` : name;
}

export class ScoreboardForwarder {
  private readonly pending = new Map<string, Item>();
  private readonly clocks = new Map<string, { state: string; time: string; sentAt: number }>();
  /** Per heat, the last results taken: a paging scoreboard re-sends the same lines forever. */
  private readonly results = new Map<string, string>();
  private inFlight: Promise<void> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private closed = false;
  /** The last problem printed, so a lasting one is printed once. */
  private problem: string | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: ForwarderDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Takes an update from the heat board; sends it now, later, or never (a throttled tick). */
  push(update: ScoreboardUpdate, official = false): void {
    if (this.closed) return;
    const heat = heatKey(update.heat);
    if (update.type === 'clock') {
      const last = this.clocks.get(heat);
      const now = this.now();
      if (update.state === 'running') {
        if (last?.state === 'running' && now - last.sentAt < RUNNING_CLOCK_EVERY_MS) return;
      } else if (last?.state === 'stopped' && last.time === update.time) {
        return;
      }
      this.clocks.set(heat, { state: update.state, time: update.time, sentAt: now });
    } else {
      const signature = JSON.stringify([update, official]);
      if (this.results.get(heat) === signature) return;
      this.results.set(heat, signature);
    }
    this.pending.set(`${update.type}:${heat}`, { update, official });
    this.pump();
  }

  /** Stops forwarding; a request under way may finish within `graceMs`. */
  async close(graceMs: number): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.pending.clear();
    if (this.inFlight) {
      await Promise.race([this.inFlight, new Promise((resolve) => setTimeout(resolve, graceMs))]);
    }
  }

  private pump(): void {
    if (this.inFlight || this.retryTimer || this.closed) return;
    const next = this.pending.entries().next();
    if (next.done) return;
    const [key, item] = next.value;
    this.pending.delete(key);
    this.inFlight = this.deliver(key, item).finally(() => {
      this.inFlight = null;
      this.pump();
    });
  }

  private async deliver(key: string, item: Item): Promise<void> {
    const result = await this.deps.send(item.update);
    if (this.closed) return;
    if (result.ok) {
      this.attempt = 0;
      this.problem = null;
      this.deps.connection.succeeded();
      const answer = result.value;
      if (item.update.type === 'results') {
        const count = item.update.rows.length;
        const what = `${heatLabel(item.update.heat)}: ${count} ${count === 1 ? 'result' : 'results'} (${item.official ? 'official' : 'unofficial'})`;
        const outcome =
          answer.outcome === 'published'
            ? 'published'
            : `ignored: ${answer.reason ?? 'no reason given'}`;
        this.deps.reporter.step('scoreboard', `${what} → ${outcome}`);
      } else if (answer.outcome === 'ignored') {
        this.tell(
          `scoreboard clock of ${heatLabel(item.update.heat)} ignored: ${answer.reason ?? 'no reason given'}`,
        );
      }
      return;
    }
    const problem = result.problem;
    if (problem.kind === 'unauthorized') {
      this.deps.onUnauthorized(problem);
      return;
    }
    if (problem.kind === 'refused') {
      this.attempt = 0;
      this.tell(`scoreboard update for ${heatLabel(item.update.heat)} refused: ${problem.message}`);
      return;
    }
    this.deps.connection.failed(problem.message, problem.busy);
    // Results are tried again unless newer ones came meanwhile; a stale clock is not.
    if (item.update.type === 'results' && !this.pending.has(key)) this.pending.set(key, item);
    const wait = problem.retryAfterMs ?? backoffMs(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.pump();
    }, wait);
  }

  private tell(message: string): void {
    if (message === this.problem) return;
    this.problem = message;
    this.deps.reporter.note(message);
  }
}
