/**
 * Whether Rith is reachable, as every request finds it. The operator gets one line when the
 * site becomes unreachable and one when it is back, not a line per retry: while the network
 * is out, the window stays readable, and nothing is lost meanwhile.
 */
import type { Reporter } from './report.ts';

export interface LastError {
  message: string;
  at: Date;
}

export class Connection {
  reachable = true;
  lastError: LastError | null = null;
  private busy = false;
  private printed: string | null = null;

  constructor(
    private readonly site: string,
    private readonly reporter: Reporter,
    private readonly onChange: () => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A request got an answer Rith meant (even a refusal): the site is up. */
  succeeded(): void {
    if (!this.reachable) {
      this.reachable = true;
      this.reporter.note(`Rith is reachable again at ${this.site}; sending what waited.`);
      this.onChange();
    }
    this.busy = false;
  }

  /** A request failed for a reason that passes: the site is down, cut off, or busy. */
  failed(message: string, busy: boolean): void {
    this.lastError = { message, at: this.now() };
    if (busy) {
      if (!this.busy) {
        this.busy = true;
        this.reporter.note(`Rith is busy (${message}); the agent slows down and retries.`);
      }
      return;
    }
    if (this.reachable) {
      this.reachable = false;
      this.reporter.note(
        `Rith is unreachable at ${this.site} (${message}). Retrying; files wait in the queue, nothing is lost.`,
      );
      this.onChange();
    }
  }

  /**
   * An error worth showing in the admin console that is not about reaching the site. It goes
   * with the next report (reporting it at once could repeat a refused report in a loop) and
   * is printed once, not each time it recurs.
   */
  error(message: string): void {
    this.lastError = { message, at: this.now() };
    if (message !== this.printed) {
      this.printed = message;
      this.reporter.note(message);
    }
  }
}
