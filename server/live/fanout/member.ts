import type { ChildProcess } from 'node:child_process';
import type { Socket as NetSocket } from 'node:net';
import type { Logger } from '../../infra/logger.ts';
import type { LiveBackend } from '../backend.ts';
import type { ConnectionCounts } from '../connections.ts';
import type { LiveMetrics } from '../hub.ts';
import { fanoutProcess } from './prefork.ts';
import type { FanoutConfig, FromFanout, Question, SocketHandover, ToFanout } from './protocol.ts';

/** How often a fan-out process is asked whether it still answers. */
const HEARTBEAT_MS = 5000;
/** A fan-out process silent this long is hung: it is killed, and replaced. */
const SILENT_LIMIT_MS = 20_000;
/**
 * Sockets sent to a fan-out process and not yet received by it. Node passes one at a time,
 * each waiting for the last to be taken, so a crowd connecting at once queues here; a
 * process this far behind (a fraction of a second's handovers) gets no more for now.
 */
const MAX_IN_FLIGHT = 256;

export interface MemberDeps {
  config: FanoutConfig;
  log: Logger;
  backend: LiveBackend;
  connections: ConnectionCounts;
  metrics: LiveMetrics;
  /** The process is ready to take sockets. */
  onReady(): void;
  /** The process has exited: whatever it held is released. */
  onExit(): void;
}

/**
 * One fan-out process (child.ts), as the API process sees it: the sockets handed to it and
 * not yet closed (counted per address), its spectators, its questions answered, and its
 * health. Everything it held is released when it exits, however it exits.
 */
export class FanoutMember {
  readonly child: ChildProcess;
  ready = false;
  /** Resolves when the process is ready, or has exited before it was. */
  readonly started: Promise<void>;
  private readonly held = new Map<string, number>();
  /** Sockets handed to it and not yet closed: what it is spreading a publication over. */
  private holding = 0;
  private readonly inFlight = new Set<NetSocket>();
  private spectators = 0;
  private lastHeard = Date.now();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly deps: MemberDeps) {
    this.child = fanoutProcess();
    let markStarted = () => {};
    this.started = new Promise<void>((resolve) => (markStarted = resolve));
    this.child.on('message', (message: FromFanout) => {
      this.lastHeard = Date.now();
      if (message.type === 'ready') markStarted();
      this.onMessage(message);
    });
    this.child.on('error', (err) => deps.log.error({ err }, 'live fan-out process failed'));
    this.child.once('exit', (code, signal) => {
      markStarted();
      this.onExit(code, signal);
    });
    this.heartbeat = setInterval(() => this.checkHeard(), HEARTBEAT_MS).unref();
    this.send({ type: 'init', config: deps.config });
  }

  /** Whether it can take a socket now: ready, and not too far behind with the last ones. */
  get available(): boolean {
    return this.ready && this.inFlight.size < MAX_IN_FLIGHT;
  }

  /** Sockets it holds, those on their way included. */
  get load(): number {
    return this.holding;
  }

  /** Sends it a websocket upgrade's socket; its address was admitted by the caller. */
  handOver(socket: NetSocket, message: SocketHandover): void {
    const { address } = message;
    this.held.set(address, (this.held.get(address) ?? 0) + 1);
    this.holding += 1;
    this.inFlight.add(socket);
    // The HTTP server left no error listener on the socket: a client's reset while it waits
    // its turn would throw. Destroyed, it is sent without its handle, and the fan-out
    // process releases its count all the same.
    socket.on('error', () => socket.destroy());
    // Node counts a socket sent to a child under its server, and server.close() then polls
    // the children; once every child that got one has exited it waits forever. Detached from
    // the server instead, the socket is sent, and this process's copy (no longer holding the
    // connection) is destroyed, which ends its count here.
    (socket as NetSocket & { server: unknown }).server = null;
    // This process's copy keeps reading until Node closes it, once the child has taken the
    // socket, and drops what it reads: the page's first message, sent as soon as the child
    // answers the upgrade, was sometimes lost that way. Stopped here, the child reads it all.
    (socket as NetSocket & { _handle: { readStop(): number } | null })._handle?.readStop();
    this.child.send(message, socket, (err: Error | null) => {
      this.inFlight.delete(socket);
      if (err) this.release(address);
      socket.destroy();
    });
  }

  send(message: ToFanout): void {
    if (this.child.connected) this.child.send(message);
  }

  /** Its memory (after a full collection when it may run one), or null once it is gone. */
  memory(): Promise<NodeJS.MemoryUsage | null> {
    if (!this.child.connected) return Promise.resolve(null);
    return new Promise((resolve) => {
      const onMessage = (message: FromFanout) => {
        if (message.type !== 'memory') return;
        done(message.usage);
      };
      const onExit = () => done(null);
      const done = (usage: NodeJS.MemoryUsage | null) => {
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
        resolve(usage);
      };
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
      this.send({ type: 'memory' });
    });
  }

  /** Asks it to close its transports (pages reconnect) and exit; killed past `limitMs`. */
  async close(limitMs: number): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    const limit = setTimeout(() => this.child.kill('SIGKILL'), limitMs);
    if (this.child.connected) this.send({ type: 'close' });
    else this.child.kill();
    await exited.finally(() => clearTimeout(limit));
  }

  private checkHeard(): void {
    if (Date.now() - this.lastHeard > SILENT_LIMIT_MS) {
      this.deps.log.error({ pid: this.child.pid }, 'live fan-out process hung: killed');
      this.child.kill('SIGKILL');
      return;
    }
    this.send({ type: 'ping' });
  }

  /** One socket fewer for the address, if this process still holds one for it. */
  private release(address: string): void {
    const count = this.held.get(address);
    if (count === undefined) return;
    if (count > 1) this.held.set(address, count - 1);
    else this.held.delete(address);
    this.holding -= 1;
    this.deps.connections.release(address);
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.ready = false;
    clearInterval(this.heartbeat);
    // Its sockets closed with it: their pages reconnect, to the processes still here.
    for (const [address, count] of this.held) {
      for (let i = 0; i < count; i += 1) this.deps.connections.release(address);
    }
    this.held.clear();
    this.holding = 0;
    this.deps.metrics.spectators(-this.spectators);
    this.spectators = 0;
    // Sockets still waiting their turn hold their connection here: closed. (The one Node had
    // in flight, it keeps.)
    for (const socket of this.inFlight) socket.destroy();
    this.inFlight.clear();
    if (code !== 0) this.deps.log.error({ code, signal }, 'live fan-out process exited');
    this.deps.onExit();
  }

  private onMessage(message: FromFanout): void {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.deps.onReady();
        return;
      case 'ask':
        this.answer(message.question).then(
          (value) => this.send({ type: 'answer', id: message.id, ok: true, value }),
          (err: unknown) => {
            this.deps.log.error({ err }, 'live fan-out question failed');
            this.send({ type: 'answer', id: message.id, ok: false, error: String(err) });
          },
        );
        return;
      case 'released':
        this.release(message.address);
        return;
      case 'spectators':
        this.spectators += message.delta;
        this.deps.metrics.spectators(message.delta);
        return;
      case 'pushed':
        this.deps.metrics.pushed(message.message, message.seconds);
        return;
      case 'memory': // answered in memory()
      case 'pong': // heard: that is all
        return;
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
