/**
 * Lines that can come in a flood: a program reconnecting in a loop, or anything else on the
 * PC knocking at the scoreboard port, must not scroll the operator's window away. Each kind
 * of line is printed at most once a minute; the next one printed counts those left out.
 */
const LINE_EVERY_MS = 60_000;

interface Allowed {
  /** How many lines of this kind were left out since the last one printed. */
  leftOut: number;
  /** When the last one was printed. */
  since: Date | null;
}

export class LineThrottle {
  private readonly kinds = new Map<string, { at: Date; leftOut: number }>();

  constructor(private readonly now: () => Date) {}

  /** Whether a line of this kind may be printed now: null when not. */
  allow(kind: string): Allowed | null {
    const now = this.now();
    const last = this.kinds.get(kind);
    if (last && now.getTime() - last.at.getTime() < LINE_EVERY_MS) {
      last.leftOut += 1;
      return null;
    }
    this.kinds.set(kind, { at: now, leftOut: 0 });
    return { leftOut: last?.leftOut ?? 0, since: last?.at ?? null };
  }
}
