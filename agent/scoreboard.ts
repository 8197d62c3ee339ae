/**
 * The scoreboard port: FinishLynx's scoreboard output, set to "Network (TCP)", connects to
 * the agent as a client and sends what rith.lss formats. Several connections are accepted
 * (FinishLynx reconnects after a restart, or a second FinishLynx runs the field events), each
 * read as a stream of its own; UDP on the same port number is read too, per sender. Every
 * update merges into one heat board and is forwarded to Rith. What comes and goes is said at
 * most once a minute (agent/throttle.ts), however many connections come.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { HeatBoard } from './scoreboardHeats.ts';
import { ScoreboardReader, type ScoreboardEvent } from './scoreboardStream.ts';
import type { Problem, RithApi } from './api.ts';
import type { Connection } from './connection.ts';
import { ScoreboardForwarder } from './forward.ts';
import type { Reporter } from './report.ts';
import { LineThrottle } from './throttle.ts';
import { clockTime } from './time.ts';

/** UDP has no connection: a sender heard from this recently counts as connected. */
const UDP_CONNECTED_MS = 30_000;
/** UDP senders read at once; more is someone else's traffic. */
const MAX_UDP_SENDERS = 16;

export interface ScoreboardInfo {
  port: number;
  connected: boolean;
  lastLineAt: Date | null;
}

export interface ScoreboardDeps {
  port: number;
  /** The address to listen on; 127.0.0.1 when not given. */
  host?: string | undefined;
  api: RithApi;
  reporter: Reporter;
  connection: Connection;
  onUnauthorized: (problem: Problem) => void;
  /** FinishLynx connected or went away: worth a status line and report. */
  onChange: () => void;
  now?: () => Date;
}

/** The port cannot be opened: the agent cannot start as asked. */
export class ScoreboardPortError extends Error {}

/**
 * Anyone who can send to the port can post unofficial results with the agent's token: by
 * default only FinishLynx on this very PC can.
 */
const LOCAL_ONLY = '127.0.0.1';

export class Scoreboard {
  private readonly board = new HeatBoard();
  private readonly sockets = new Set<Socket>();
  private readonly udpReaders = new Map<string, ScoreboardReader>();
  private lastLineAt: Date | null = null;
  private lastUdpAt = 0;
  private readonly now: () => Date;
  private readonly lines: LineThrottle;

  private constructor(
    private readonly deps: ScoreboardDeps,
    private readonly forwarder: ScoreboardForwarder,
    private readonly server: Server,
    private udp: UdpSocket | null,
    readonly port: number,
  ) {
    this.now = deps.now ?? (() => new Date());
    this.lines = new LineThrottle(this.now);
  }

  static async start(deps: ScoreboardDeps): Promise<Scoreboard> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(deps.port, deps.host ?? LOCAL_ONLY, () => {
        server.off('error', reject);
        resolve();
      });
    }).catch((error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE'
          ? `port ${deps.port} is already in use (is another agent or scoreboard program running?)`
          : error.code === 'EACCES'
            ? `port ${deps.port} needs administrator rights; choose a port above 1024`
            : error.message;
      throw new ScoreboardPortError(`Cannot listen for the scoreboard: ${why}.`);
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : deps.port;
    const forwarder = new ScoreboardForwarder({
      send: (update) => deps.api.scoreboard(update),
      reporter: deps.reporter,
      connection: deps.connection,
      onUnauthorized: deps.onUnauthorized,
    });
    const scoreboard = new Scoreboard(deps, forwarder, server, null, port);
    server.on('connection', (socket) => scoreboard.accept(socket));
    server.on('error', (error) => deps.reporter.note(`scoreboard port: ${error.message}`));
    await scoreboard.listenUdp();
    return scoreboard;
  }

  get info(): ScoreboardInfo {
    const udpRecent =
      this.lastUdpAt > 0 && this.now().getTime() - this.lastUdpAt < UDP_CONNECTED_MS;
    return {
      port: this.port,
      connected: this.sockets.size > 0 || udpRecent,
      lastLineAt: this.lastLineAt,
    };
  }

  /** Stops listening and drops every connection; forwarding finishes within `graceMs`. */
  async close(graceMs: number): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await Promise.all([
      new Promise<void>((resolve) => this.server.close(() => resolve())),
      new Promise<void>((resolve) => (this.udp ? this.udp.close(() => resolve()) : resolve())),
      this.forwarder.close(graceMs),
    ]);
  }

  private async listenUdp(): Promise<void> {
    const udp = createSocket({ type: 'udp4', reuseAddr: true });
    try {
      await new Promise<void>((resolve, reject) => {
        udp.once('error', reject);
        udp.bind(this.port, this.deps.host ?? LOCAL_ONLY, () => {
          udp.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      this.deps.reporter.note(
        `scoreboard: UDP port ${this.port} is not available (${(error as Error).message}); TCP only.`,
      );
      return;
    }
    udp.on('error', (error) => this.deps.reporter.note(`scoreboard UDP: ${error.message}`));
    udp.on('message', (message, remote) => {
      const key = `${remote.address}:${remote.port}`;
      let reader = this.udpReaders.get(key);
      if (!reader) {
        if (this.udpReaders.size >= MAX_UDP_SENDERS) this.udpReaders.clear();
        reader = new ScoreboardReader();
        this.udpReaders.set(key, reader);
      }
      const wasConnected = this.info.connected;
      this.lastUdpAt = this.now().getTime();
      this.read(reader, message);
      if (!wasConnected) {
        this.deps.reporter.note(
          `FinishLynx is sending to the scoreboard port (UDP from ${remote.address}).`,
        );
        this.deps.onChange();
      }
    });
    this.udp = udp;
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.setKeepAlive(true, 10_000);
    const from = socket.remoteAddress?.replace(/^::ffff:/, '') ?? 'unknown address';
    const connected = this.tell(
      'connected',
      (also) => `FinishLynx connected to the scoreboard port from ${from}${also}.`,
    );
    if (connected) this.deps.onChange();
    const reader = new ScoreboardReader();
    let warned = false;
    socket.on('data', (chunk: Buffer) => {
      this.read(reader, chunk);
      if (!warned && reader.stats.skipped > 0 && reader.stats.skipped >= reader.stats.records) {
        warned = true;
        this.tell(
          'not rith.lss',
          () =>
            'scoreboard: lines that are not in rith.lss format arrive; is FinishLynx using rith.lss as its scoreboard script?',
        );
      }
    });
    // A reset connection is FinishLynx closing or the cable: 'close' follows and says so.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.sockets.delete(socket);
      const disconnected = this.tell(
        'disconnected',
        (also) => `FinishLynx disconnected from the scoreboard port (${from})${also}.`,
      );
      if (disconnected) this.deps.onChange();
    });
  }

  /**
   * Prints a line of this kind unless one was printed within the minute; `also` counts the
   * ones left out since. True when printed. A connection coming or going is worth a status
   * report and line only then: one not said waits for the heartbeat (the report every 15 s,
   * the line every minute), so a flood makes no more of those than of its own lines.
   */
  private tell(kind: string, line: (also: string) => string): boolean {
    const allowed = this.lines.allow(kind);
    if (!allowed) return false;
    const also =
      allowed.since && allowed.leftOut > 0
        ? ` (${allowed.leftOut} more since ${clockTime(allowed.since)})`
        : '';
    this.deps.reporter.note(line(also));
    return true;
  }

  private read(reader: ScoreboardReader, chunk: Uint8Array): void {
    const before = reader.stats.records;
    const events = reader.push(chunk);
    if (reader.stats.records !== before) this.lastLineAt = this.now();
    for (const event of events) this.handle(event);
  }

  private handle(event: ScoreboardEvent): void {
    if (event.type === 'init') {
      this.deps.reporter.note(
        `FinishLynx scoreboard script ${event.script} ${event.version} started.`,
      );
      return;
    }
    const update = this.board.apply(event);
    if (update) this.forwarder.push(update, event.type === 'results' && event.header.official);
  }
}
