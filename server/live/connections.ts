/**
 * Live sockets open per client address, across the API process and its fan-out processes:
 * the API process counts a socket it hands over until that process reports it closed, so
 * one address cannot hold more by landing on several processes.
 */
export class ConnectionCounts {
  private readonly open = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Whether the address may open one more socket. */
  allows(address: string): boolean {
    return (this.open.get(address) ?? 0) < this.limit;
  }

  add(address: string): void {
    this.open.set(address, (this.open.get(address) ?? 0) + 1);
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
  }
}
