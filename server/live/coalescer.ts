interface Slot<T> {
  pending: { item: T; version: number | undefined } | null;
  timer: NodeJS.Timeout | NodeJS.Immediate;
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

  constructor(
    private readonly windowMs: number,
    private readonly send: (item: T) => void,
  ) {}

  /** `version` orders items of one key; without one, the later arrival wins. */
  push(key: string, item: T, version?: number): void {
    const slot = this.slots.get(key);
    if (!slot) {
      this.slots.set(key, {
        pending: { item, version },
        timer: setImmediate(() => this.flush(key)),
      });
      return;
    }
    const held = slot.pending?.version;
    if (held !== undefined && version !== undefined && version < held) return;
    slot.pending = { item, version };
  }

  private flush(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    if (!slot.pending) {
      this.slots.delete(key);
      return;
    }
    const { item } = slot.pending;
    slot.pending = null;
    slot.timer = setTimeout(() => this.flush(key), this.windowMs);
    this.send(item);
  }

  /** Drops whatever is held: used when the server closes. */
  close(): void {
    for (const slot of this.slots.values()) {
      clearTimeout(slot.timer as NodeJS.Timeout);
      clearImmediate(slot.timer as NodeJS.Immediate);
    }
    this.slots.clear();
  }
}
