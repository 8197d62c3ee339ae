/** A budget that refills steadily: a burst of `capacity`, then `perSecond` for ever. */
export class TokenBucket {
  private tokens: number;
  private countedAt = Date.now();

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
  ) {
    this.tokens = capacity;
  }

  /** Spends one token: false when there is none left. */
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(
      this.capacity,
      this.tokens + ((now - this.countedAt) / 1000) * this.perSecond,
    );
    this.countedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
