// A load generator for bench:live and bench:agent: `count` spectators on raw websockets
// (rawWebSocket.ts), each speaking just enough of the Engine.IO 4 / Socket.IO 5 protocol to
// connect, subscribe to a competition and answer pings, or (bench:live --feed) following the
// competition on the open feed (GET /feed), subscribed once its snapshot came. Receipt is
// timed when a frame arrives. bench:live reads only the few bytes holding the version, so the
// figures measure the server's fan-out, not JSON parsing in this process; bench:agent needs to
// know which heat reached which stage, and parses it.
import { RawWebSocket } from './rawWebSocket.ts';

export interface ClientsRequest {
  url: string;
  count: number;
  competitionUic: number;
  /** Socket.IO, as the pages speak it (by default), or the open feed. */
  protocol?: 'socket.io' | 'feed';
  /**
   * What a receipt is counted under: the event's version (bench:live, one event), or
   * `{eventId}:official` / `{eventId}:live{rows}` (bench:agent, a meet of heats), or
   * `{eventId}:final` (a heat whose round's q are final) / `{eventId}:drawn` (a next round's
   * drawn line-up) for bench:rounds.
   */
  keyBy?: 'version' | 'stage' | 'rounds';
}
export type ClientsMessage =
  | { type: 'progress'; connected: number }
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  /**
   * key -> [spectators that received it, time the last one did]; and the CPU this process
   * used since the last 'mark' (or since it was ready), over the wall time, so a load
   * generator near a whole core shows it may be the bottleneck.
   */
  | { type: 'report'; receipts: Record<string, [number, number]>; cpuShare: number };
/** From the benchmark: start the CPU count now ('mark'), or send a report. */
export type ClientsCommand = { type: 'mark' } | { type: 'report' };

const now = () => performance.timeOrigin + performance.now();
const send = (message: ClientsMessage) => process.send?.(message);
/** Connections opened at once: enough to be quick, few enough not to overrun the accept queue. */
const BATCH = 200;

const receipts = new Map<string, [number, number]>();

interface ChangedEvent {
  id: string;
  status: string;
  /** Absent from an event changed by its scoreboard lines alone (`event.live`). */
  results?: unknown[];
  live: { rows: unknown[] } | null;
  progression?: { final: boolean } | null;
  startListDrawn?: boolean;
  startListFile?: unknown[];
}

const SNAPSHOT = Buffer.from('{"type":"snapshot"');

/**
 * The event an `event.changed` message carries (or, on Socket.IO, an `event.live`: the
 * event without the rows its lines keep), or null for any other message.
 */
function changedEvent(data: Buffer, protocol: ClientsRequest['protocol']): ChangedEvent | null {
  try {
    if (protocol === 'feed') {
      const message = JSON.parse(data.toString('utf8')) as { type: string; event?: ChangedEvent };
      return message.type === 'event.changed' ? (message.event ?? null) : null;
    }
    const [name, payload] = JSON.parse(data.subarray(2).toString('utf8')) as [
      string,
      { event?: ChangedEvent },
    ];
    return name === 'event.changed' || name === 'event.live' ? (payload.event ?? null) : null;
  } catch {
    return null;
  }
}

/** What the frame tells: its version, or which heat reached which stage. */
function keyOf(data: Buffer, request: ClientsRequest): string | null {
  if (request.keyBy === 'rounds') {
    const event = changedEvent(data, request.protocol);
    if (event?.progression?.final) return `${event.id}:final`;
    return event?.startListDrawn && (event.startListFile?.length ?? 0) > 0
      ? `${event.id}:drawn`
      : null;
  }
  if (request.keyBy === 'stage') {
    const event = changedEvent(data, request.protocol);
    if (!event) return null;
    if (event.status === 'official' && (event.results?.length ?? 0) > 0) {
      return `${event.id}:official`;
    }
    return event.live ? `${event.id}:live${event.live.rows.length}` : null;
  }
  // The feed puts the version first (`{"type":"event.changed","version":…`), Socket.IO last.
  if (request.protocol === 'feed') {
    const head = data.subarray(0, 48).toString('latin1');
    return /^\{"type":"event\.changed","version":(\d+),/.exec(head)?.[1] ?? null;
  }
  const tail = data.subarray(Math.max(0, data.length - 32)).toString('latin1');
  return /"version":(\d+)\}\]$/.exec(tail)?.[1] ?? null;
}

function spectator(request: ClientsRequest): Promise<RawWebSocket> {
  const seen = new Set<string>();
  const received = (data: Buffer) => {
    const at = now();
    const key = keyOf(data, request);
    // Counted once per spectator: a heat may be announced again at the same stage.
    if (key === null || seen.has(key)) return;
    seen.add(key);
    const held = receipts.get(key);
    if (held) {
      held[0] += 1;
      held[1] = Math.max(held[1], at);
    } else {
      receipts.set(key, [1, at]);
    }
  };
  return new Promise((resolve, reject) => {
    if (request.protocol === 'feed') {
      let subscribed = false;
      const ws: RawWebSocket = new RawWebSocket(
        request.url,
        `/feed?competitionUic=${request.competitionUic}`,
        (data) => {
          if (subscribed) return received(data);
          // The first message is the snapshot, or the `error` of a refusal.
          if (!data.subarray(0, SNAPSHOT.length).equals(SNAPSHOT)) {
            return reject(new Error(`Feed refused: ${data.toString('utf8')}`));
          }
          subscribed = true;
          resolve(ws);
        },
        reject,
      );
      return;
    }
    const ws: RawWebSocket = new RawWebSocket(
      request.url,
      '/socket.io/?EIO=4&transport=websocket',
      (data) => {
        const type = data[0];
        if (type === 0x32 && data.length === 1) {
          ws.send('3'); // ping -> pong
        } else if (type === 0x30) {
          ws.send('40'); // Engine.IO open -> Socket.IO connect
        } else if (data[0] === 0x34 && data[1] === 0x30) {
          ws.send(`420["subscribe",{"competitionUic":${request.competitionUic}}]`);
        } else if (data[0] === 0x34 && data[1] === 0x33) {
          resolve(ws); // ack of the subscription
        } else if (data[0] === 0x34 && data[1] === 0x32) {
          received(data);
        }
      },
      reject,
    );
  });
}

process.once('message', (request: ClientsRequest) => void serve(request));

async function serve(request: ClientsRequest): Promise<void> {
  const sockets: RawWebSocket[] = [];
  try {
    while (sockets.length < request.count) {
      const batch = Math.min(BATCH, request.count - sockets.length);
      sockets.push(...(await Promise.all(Array.from({ length: batch }, () => spectator(request)))));
      send({ type: 'progress', connected: sockets.length });
    }
  } catch (err) {
    send({ type: 'failed', error: String(err) });
    return;
  }
  send({ type: 'ready' });
  let mark = { cpu: process.cpuUsage(), at: now() };
  process.on('message', (message: ClientsCommand) => {
    if (message.type === 'mark') {
      mark = { cpu: process.cpuUsage(), at: now() };
      return;
    }
    const used = process.cpuUsage(mark.cpu);
    const cpuShare = (used.user + used.system) / 1000 / (now() - mark.at);
    send({ type: 'report', receipts: Object.fromEntries(receipts), cpuShare });
  });
  process.on('disconnect', () => {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  });
}
