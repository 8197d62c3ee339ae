interface Slot<T> {
  pending: { item: T; version: number | undefined } | null;
  /** The version last sent for the key, while its window lasts. */
  sent: number | undefined;
  timer:
    { kind: 'immediate'; handle: NodeJS.Immediate } | { kind: 'timeout'; handle: NodeJS.Timeout };
}

/**
 * Throttles broadcasts per key (one event, one competition). The first change goes out on
 * the next turn of the event loop, so what arrived together is sent once; changes arriving
 * within `windowMs` after a broadcast wait for the window to end and only the newest is
 * sent. A burst of changes to one event costs one broadcast per window, however many
 * spectators watch it, so a busy meet cannot monopolise the event loop.
 */
export class Coalescer<T> {
  private readonly slots = new Map<string, Slot<T>>();

  /**
   * `merge` says what waits in place of an item not sent yet when a newer one of its key
   * comes: by default the newer one, which must then carry all the older one did.
   */
  constructor(
    private readonly windowMs: number,
    private readonly send: (item: T) => void,
    private readonly merge: (held: T, next: T) => T = (_held, next) => next,
  ) {}

  /**
   * `version` orders items of one key: one older than the item held, or no newer than the
   * one just sent (a duplicate), is dropped. Without versions, the later arrival wins.
   */
  push(key: string, item: T, version?: number): void {
    const slot = this.slots.get(key);
    if (!slot) {
      this.slots.set(key, {
        pending: { item, version },
        sent: undefined,
        timer: { kind: 'immediate', handle: setImmediate(() => this.flush(key)) },
      });
      return;
    }
    if (version !== undefined) {
      const held = slot.pending ? slot.pending.version : slot.sent;
      if (held !== undefined && (slot.pending ? version < held : version <= held)) return;
    }
    slot.pending = { item: slot.pending ? this.merge(slot.pending.item, item) : item, version };
  }

  private flush(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    if (!slot.pending) {
      this.slots.delete(key);
      return;
    }
    const { item, version } = slot.pending;
    slot.pending = null;
    slot.sent = version;
    slot.timer = { kind: 'timeout', handle: setTimeout(() => this.flush(key), this.windowMs) };
    this.send(item);
  }

  /** Drops whatever is held: used when the server closes. */
  close(): void {
    for (const { timer } of this.slots.values()) {
      if (timer.kind === 'immediate') clearImmediate(timer.handle);
      else clearTimeout(timer.handle);
    }
    this.slots.clear();
  }
}
