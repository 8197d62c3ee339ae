import type { SharedCounts } from './sharedCounts.ts';

/**
 * Live sockets open per client address, across the API process and its fan-out processes:
 * the API process counts a socket it hands over until that process reports it closed, so
 * one address cannot hold more by landing on several processes. With Redis, what the other
 * API nodes hold counts too (sharedCounts.ts).
 */
export class ConnectionCounts {
  private readonly open = new Map<string, number>();
  private shared: SharedCounts | null = null;

  constructor(private readonly limit: number) {}

  /** Counts the other nodes' sockets too from now on. */
  share(shared: SharedCounts): void {
    this.shared = shared;
  }

  /** Each address's sockets on this node. */
  entries(): Iterable<[string, number]> {
    return this.open.entries();
  }

  /** Whether the address may open one more socket. */
  allows(address: string): boolean {
    const here = this.open.get(address) ?? 0;
    return here + (this.shared?.elsewhere(address) ?? 0) < this.limit;
  }

  add(address: string): void {
    const count = (this.open.get(address) ?? 0) + 1;
    this.open.set(address, count);
    this.shared?.announce(address, count);
  }

  /** Counts one more socket for the address, unless it already holds its limit. */
  admit(address: string): boolean {
    if (!this.allows(address)) return false;
    this.add(address);
    return true;
  }

  release(address: string): void {
    const left = (this.open.get(address) ?? 1) - 1;
    if (left > 0) this.open.set(address, left);
    else this.open.delete(address);
    this.shared?.announce(address, left);
  }
}
