/** Past this many scopes held, the cache starts afresh: it never grows with uptime. */
const MAX_SCOPES = 2_000;
/**
 * How long a read is handed out after it settles: a crowd (re)connecting at once shares it,
 * and nothing is kept beyond what is being sent (a socket holds its frame until written).
 */
const SHARE_MS = 5_000;

/**
 * One read per scope (a competition, or one of its events) per version of its competition,
 * shared by every socket that asks while it is read and for a few seconds after: a crowd
 * (re)subscribing at once, or a hundred feeds opened together, cost one read and one copy in
 * memory. Anything the bus says of a competition starts its scopes afresh; a read begun
 * before that is never handed out after.
 */
export class ScopeCache<T> {
  private readonly byCompetition = new Map<number, Map<string, Promise<T>>>();
  private size = 0;

  get(competitionUic: number, key: string, read: () => Promise<T>): Promise<T> {
    const cached = this.byCompetition.get(competitionUic)?.get(key);
    if (cached) return cached;
    if (this.size >= MAX_SCOPES) this.clear();
    let scopes = this.byCompetition.get(competitionUic);
    if (!scopes) this.byCompetition.set(competitionUic, (scopes = new Map()));
    const reading = read();
    scopes.set(key, reading);
    this.size += 1;
    const forget = () => {
      if (this.byCompetition.get(competitionUic)?.get(key) !== reading) return;
      scopes.delete(key);
      this.size -= 1;
      if (scopes.size === 0) this.byCompetition.delete(competitionUic);
    };
    // A failed read is asked again by the next socket rather than handed to it.
    reading.then(() => setTimeout(forget, SHARE_MS).unref(), forget);
    return reading;
  }

  /** The competition changed (or nobody follows it any more). */
  invalidate(competitionUic: number): void {
    this.size -= this.byCompetition.get(competitionUic)?.size ?? 0;
    this.byCompetition.delete(competitionUic);
  }

  /** Changes may have been missed: every scope is read afresh. */
  clear(): void {
    this.byCompetition.clear();
    this.size = 0;
  }
}
