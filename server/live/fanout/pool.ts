import { fork, type ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Socket as NetSocket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import type { Bus } from '../../infra/bus.ts';
import type { Logger } from '../../infra/logger.ts';
import { ownModule } from '../../ownFiles.ts';
import type { LiveBackend } from '../backend.ts';
import type { ConnectionCounts } from '../connections.ts';
import type { LiveMetrics } from '../hub.ts';
import type { FanoutConfig, FromFanout, Question, ToFanout } from './protocol.ts';

const CHILD = ownModule('server/live/fanout/child');
/** A fan-out process that died is started again after this pause (not in a tight loop). */
const RESTART_DELAY_MS = 1000;
/** How long a closing fan-out process may take before it is killed. */
const CLOSE_LIMIT_MS = 5000;
/** How long start-up waits for the fan-out processes: past it, this process takes every socket. */
const START_LIMIT_MS = 15_000;

interface Member {
  child: ChildProcess;
  ready: boolean;
  /** Resolves when the process says it is ready, or when it exits before. */
  started: Promise<void>;
  /** Sockets handed to it and not yet reported closed, by address. */
  held: Map<string, number>;
}

export interface FanoutDeps {
  /** Fan-out processes to run beside this one. */
  size: number;
  config: FanoutConfig;
  log: Logger;
  backend: LiveBackend;
  bus: Pick<Bus, 'subscribe'>;
  connections: ConnectionCounts;
  metrics: LiveMetrics;
  /** Told how many processes take sockets whenever that changes. */
  onProcesses(count: number): void;
}

/**
 * The API process's fan-out processes (child.ts). A fresh websocket to /socket.io is handed,
 * TCP socket and all, to the next process in turn, this one included, so spectators spread
 * over every core; polling and polling's upgrade stay here, where their session is. Every
 * change this process's bus carries is relayed to each of them, and their subscriptions'
 * questions are answered from this process's cache and database.
 */
export class FanoutPool {
  private readonly members: Member[] = [];
  private turn = 0;
  private closing = false;
  private readonly stopRelay: () => void;

  constructor(private readonly deps: FanoutDeps) {
    for (let i = 0; i < deps.size; i += 1) this.members.push(this.spawn());
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
   * Hands over the socket of a websocket upgrade when it is another process's turn; false
   * leaves it to this process.
   */
  take(request: IncomingMessage, socket: Duplex, head: Buffer, address: string): boolean {
    // A TLS socket's state cannot move to another process; polling's upgrade has a session here.
    if (!(socket instanceof NetSocket) || socket instanceof TLSSocket) return false;
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    if (query.get('transport') !== 'websocket' || query.has('sid')) return false;
    const ready = this.members.filter((member) => member.ready);
    this.turn = (this.turn + 1) % (ready.length + 1);
    const member = ready[this.turn - 1];
    if (!member) return false;
    if (!this.deps.connections.admit(address)) return false; // refused here, with the reason
    member.held.set(address, (member.held.get(address) ?? 0) + 1);
    const message: ToFanout = {
      type: 'socket',
      url: request.url ?? '/',
      headers: request.headers,
      head: head.toString('base64'),
      address,
    };
    // Node counts a socket sent to a child under its server, and server.close() then polls
    // the children; once every child that got one has exited it waits forever. Detached from
    // the server instead, the socket is sent, and this process's copy (no longer holding the
    // connection) is destroyed, which ends its count here.
    (socket as NetSocket & { server: unknown }).server = null;
    member.child.send(message, socket, (err: Error | null) => {
      if (err) this.release(member, address);
      socket.destroy();
    });
    return true;
  }

  /** The fan-out processes taking sockets now (for operators' tools and tests). */
  processIds(): number[] {
    return this.members.flatMap(({ child, ready }) =>
      ready && child.pid !== undefined ? [child.pid] : [],
    );
  }

  /** Each fan-out process's memory (after a full collection when it may run one). */
  memory(): Promise<NodeJS.MemoryUsage[]> {
    return Promise.all(
      this.members.map(
        ({ child }) =>
          new Promise<NodeJS.MemoryUsage>((resolve) => {
            const onMessage = (message: FromFanout) => {
              if (message.type !== 'memory') return;
              child.off('message', onMessage);
              resolve(message.usage);
            };
            child.on('message', onMessage);
            child.send({ type: 'memory' } satisfies ToFanout);
          }),
      ),
    );
  }

  /** Closes the fan-out processes' transports (their pages reconnect) and waits for them. */
  async close(): Promise<void> {
    this.closing = true;
    this.stopRelay();
    await Promise.all(
      this.members.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        const limit = setTimeout(() => child.kill('SIGKILL'), CLOSE_LIMIT_MS);
        if (child.connected) child.send({ type: 'close' } satisfies ToFanout);
        else child.kill();
        await exited.finally(() => clearTimeout(limit));
      }),
    );
  }

  /** How many processes take sockets now: this one and the ready fan-out processes. */
  private counted(): void {
    this.deps.onProcesses(1 + this.members.filter((member) => member.ready).length);
  }

  private broadcast(message: ToFanout): void {
    for (const member of this.members) {
      if (member.ready && member.child.connected) member.child.send(message);
    }
  }

  private release(member: Member, address: string): void {
    const left = (member.held.get(address) ?? 1) - 1;
    if (left > 0) member.held.set(address, left);
    else member.held.delete(address);
    this.deps.connections.release(address);
  }

  private spawn(): Member {
    const typescript = CHILD.pathname.endsWith('.ts');
    const child = fork(fileURLToPath(CHILD), [], {
      // From sources (tests, tsx) the child loads TypeScript as this process does.
      execArgv: [
        ...(typescript ? ['--import', 'tsx'] : ['--enable-source-maps']),
        ...process.execArgv.filter((flag) => flag === '--expose-gc'),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const member: Member = { child, ready: false, started, held: new Map() };
    child.on('message', (message: FromFanout) => {
      if (message.type === 'ready') markStarted();
      this.onMessage(member, message);
    });
    child.on('error', (err) => this.deps.log.error({ err }, 'live fan-out process failed'));
    child.once('exit', (code, signal) => {
      member.ready = false;
      markStarted();
      this.counted();
      // Its sockets closed with it: their pages reconnect, to the processes still here.
      for (const [address, count] of member.held) {
        for (let i = 0; i < count; i += 1) this.deps.connections.release(address);
      }
      member.held.clear();
      if (this.closing) return;
      this.deps.log.error({ code, signal }, 'live fan-out process exited: starting another');
      setTimeout(() => {
        if (this.closing) return;
        this.members[this.members.indexOf(member)] = this.spawn();
      }, RESTART_DELAY_MS).unref();
    });
    child.send({ type: 'init', config: this.deps.config } satisfies ToFanout);
    return member;
  }

  private onMessage(member: Member, message: FromFanout): void {
    switch (message.type) {
      case 'ready':
        member.ready = true;
        this.counted();
        return;
      case 'ask':
        this.answer(message.question).then(
          (value) => send(member, { type: 'answer', id: message.id, ok: true, value }),
          (err: unknown) => {
            this.deps.log.error({ err }, 'live fan-out question failed');
            send(member, { type: 'answer', id: message.id, ok: false, error: String(err) });
          },
        );
        return;
      case 'released':
        this.release(member, message.address);
        return;
      case 'spectators':
        this.deps.metrics.spectators(message.delta);
        return;
      case 'pushed':
        this.deps.metrics.pushed(message.message, message.seconds);
        return;
      case 'memory':
        return; // answered in memory()
    }
  }

  private answer(question: Question): Promise<unknown> {
    const { backend } = this.deps;
    switch (question.op) {
      case 'eventCompetition':
        return backend.eventCompetition(question.eventId);
      case 'versions':
        return backend.versions(question.of);
      case 'sessionClubs':
        return backend.sessionClubs(question.sessionId);
    }
  }
}

function send(member: Member, message: ToFanout): void {
  if (member.child.connected) member.child.send(message);
}
