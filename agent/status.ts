/**
 * Tells Rith how the agent is doing, for the timing room panel of the admin console: at
 * start, every heartbeat, about a second after anything notable changes (so a burst of files
 * makes one report), and once more as "stopped" on a clean exit. One report at a time; a
 * change during a report is sent right after it. Rith's answer may ask the agent to send the
 * files it holds back (the console's "Send held files").
 */
import { AGENT_HEARTBEAT_MS } from '../shared/timingRoom.ts';
import type { AgentStatusReport } from '../shared/schemas/timingRoom.ts';
import type { Problem, RithApi } from './api.ts';
import type { Connection } from './connection.ts';

export interface StatusTuning {
  heartbeatMs: number;
  /**
   * The heartbeat while files are held back: the agent learns of the console's "Send held
   * files" only from a report's answer, and the operator who pressed it waits for it.
   */
  heldHeartbeatMs: number;
  /** A burst of changes within this time makes one report. */
  debounceMs: number;
}

export const DEFAULT_STATUS_TUNING: StatusTuning = {
  heartbeatMs: AGENT_HEARTBEAT_MS,
  heldHeartbeatMs: 3000,
  debounceMs: 1000,
};

export class StatusReporter {
  private heartbeat: ReturnType<typeof setTimeout> | null = null;
  private debounce: ReturnType<typeof setTimeout> | null = null;
  private sending: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopped = false;
  /** Files held back as of the last report: they set the heartbeat. */
  private held = 0;

  constructor(
    private readonly api: RithApi,
    private readonly connection: Connection,
    private readonly snapshot: (state: 'running' | 'stopped') => AgentStatusReport,
    private readonly tuning: StatusTuning,
    private readonly onUnauthorized: (problem: Problem) => void,
    /** Rith asks for the files held back (its answer says so until none are held). */
    private readonly onSendHeld: () => void,
  ) {}

  start(): void {
    this.started = true;
    void this.send();
  }

  /** Something the console shows changed: report it shortly. */
  changed(): void {
    if (this.stopped || !this.started || this.debounce) return;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.send();
    }, this.tuning.debounceMs);
  }

  /** Stops reporting; with `farewell`, sends the "stopped" report (waiting at most `graceMs`). */
  async stop(farewell: boolean, graceMs: number): Promise<void> {
    this.stopped = true;
    if (this.heartbeat) clearTimeout(this.heartbeat);
    if (this.debounce) clearTimeout(this.debounce);
    this.heartbeat = null;
    this.debounce = null;
    await this.sending;
    if (!farewell) return;
    await this.api.status(this.snapshot('stopped'), AbortSignal.timeout(graceMs));
  }

  /** The next heartbeat, counted from the last report. */
  private schedule(): void {
    if (this.stopped) return;
    if (this.heartbeat) clearTimeout(this.heartbeat);
    const ms = this.held > 0 ? this.tuning.heldHeartbeatMs : this.tuning.heartbeatMs;
    this.heartbeat = setTimeout(() => void this.send(), ms);
  }

  private send(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.sending) {
      this.again = true;
      return this.sending;
    }
    this.sending = (async () => {
      do {
        this.again = false;
        const report = this.snapshot('running');
        this.held = report.held;
        const result = await this.api.status(report);
        if (result.ok) {
          this.connection.succeeded();
          if (result.value?.sendHeld && !this.stopped) this.onSendHeld();
        } else if (result.problem.kind === 'unauthorized') this.onUnauthorized(result.problem);
        else if (result.problem.kind === 'retry') {
          this.connection.failed(result.problem.message, result.problem.busy);
        } else this.connection.error(`status report refused: ${result.problem.message}`);
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.sending = null;
      this.schedule();
    });
    return this.sending;
  }
}
