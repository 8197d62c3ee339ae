import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Socket as NetSocket } from 'node:net';
import { TLSSocket } from 'node:tls';
import type { Bus } from '../../infra/bus.ts';
import { LIVE_SERVER_OPTIONS } from '../hub.ts';
import { FanoutMember, type MemberDeps } from './member.ts';
import type { ToFanout } from './protocol.ts';

/** A fan-out process that died is started again after this pause (not in a tight loop). */
const RESTART_DELAY_MS = 1000;
/** How long a closing fan-out process may take before it is killed. */
const CLOSE_LIMIT_MS = 5000;
/** How long start-up waits for the fan-out processes: past it, this process takes every socket. */
const START_LIMIT_MS = 15_000;

export interface FanoutDeps extends Omit<MemberDeps, 'onReady' | 'onExit'> {
  /** Fan-out processes to run beside this one. */
  size: number;
  bus: Pick<Bus, 'subscribe'>;
  /** Told how many processes take sockets whenever that changes. */
  onProcesses(count: number): void;
  /** How many sockets this process holds itself. */
  localLoad(): number;
}

/**
 * The API process's fan-out processes (member.ts, child.ts). A fresh websocket to /socket.io
 * is handed, TCP socket and all, to the process holding the fewest, this one included, so
 * spectators spread evenly over every core and a publication takes the time of one share.
 * Polling and polling's upgrade stay here, where their session is. Every change this process's bus carries is relayed to each of them, and their
 * subscriptions' questions are answered from this process's cache and database.
 */
export class FanoutPool {
  private readonly members: FanoutMember[] = [];
  private closing = false;
  private readonly stopRelay: () => void;

  constructor(private readonly deps: FanoutDeps) {
    for (let i = 0; i < deps.size; i += 1) this.members.push(this.spawn(i));
    this.stopRelay = deps.bus.subscribe(
      (message, { committedAt }) => this.broadcast({ type: 'bus', message, committedAt }),
      () => this.broadcast({ type: 'gap' }),
    );
  }

  /**
   * Resolves once every fan-out process is ready to take sockets (the server listens only
   * then, so the first crowd spreads too), or after a time limit, logged.
   */
  async started(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), START_LIMIT_MS);
    });
    const all = Promise.all(this.members.map((member) => member.started));
    const outcome = await Promise.race([all, limit]).finally(() => clearTimeout(timer));
    const down = this.members.filter((member) => !member.ready).length;
    if (outcome === 'late' || down > 0) {
      this.deps.log.warn(
        { down },
        'live fan-out processes not ready: this process takes their sockets',
      );
    }
  }

  /**
   * Hands over the socket of a fresh websocket to /socket.io when it is another process's
   * turn; false leaves it to this process.
   */
  take(request: IncomingMessage, socket: Duplex, head: Buffer, address: string): boolean {
    if (this.closing) return false;
    // A TLS socket's state cannot move to another process; polling's upgrade has a session here.
    if (!(socket instanceof NetSocket) || socket instanceof TLSSocket) return false;
    const url = new URL(request.url ?? '/', 'http://x');
    if (!url.pathname.startsWith(`${LIVE_SERVER_OPTIONS.path}/`)) return false;
    if (url.searchParams.get('transport') !== 'websocket' || url.searchParams.has('sid')) {
      return false;
    }
    // The least loaded takes it. Taking turns left this process twice its share in bench:live
    // (it took the sockets of a member busy with the crowd's earlier handovers), and would
    // keep a lopsided split lopsided: a dead process's pages all come back at once.
    let member: FanoutMember | undefined;
    for (const candidate of this.members) {
      if (candidate.available && (!member || candidate.load < member.load)) member = candidate;
    }
    if (!member || member.load >= this.deps.localLoad()) return false;
    if (!this.deps.connections.admit(address)) return false; // refused here, with the reason
    member.handOver(socket, {
      type: 'socket',
      url: request.url ?? '/',
      headers: request.headers,
      head: head.toString('base64'),
      address,
    });
    return true;
  }

  /** The fan-out processes taking sockets now (for operators' tools and tests). */
  processIds(): number[] {
    return this.members.flatMap(({ child, ready }) =>
      ready && child.pid !== undefined ? [child.pid] : [],
    );
  }

  /** Each running fan-out process's memory. */
  async memory(): Promise<NodeJS.MemoryUsage[]> {
    const usages = await Promise.all(this.members.map((member) => member.memory()));
    return usages.filter((usage) => usage !== null);
  }

  /** Closes the fan-out processes' transports (their pages reconnect) and waits for them. */
  async close(): Promise<void> {
    this.closing = true;
    this.stopRelay();
    await Promise.all(this.members.map((member) => member.close(CLOSE_LIMIT_MS)));
  }

  private broadcast(message: ToFanout): void {
    for (const member of this.members) if (member.ready) member.send(message);
  }

  /** How many processes take sockets now: this one and the ready fan-out processes. */
  private counted(): void {
    this.deps.onProcesses(1 + this.members.filter((member) => member.ready).length);
  }

  private spawn(slot: number): FanoutMember {
    return new FanoutMember({
      ...this.deps,
      onReady: () => this.counted(),
      onExit: () => {
        this.counted();
        if (this.closing) return;
        setTimeout(() => {
          if (!this.closing) this.members[slot] = this.spawn(slot);
        }, RESTART_DELAY_MS).unref();
      },
    });
  }
}
