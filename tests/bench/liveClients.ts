// A load generator for bench:live and bench:agent: `count` spectators on raw websockets
// (rawWebSocket.ts), each speaking just enough of the Engine.IO 4 / Socket.IO 5 protocol to
// connect, subscribe to a competition and answer pings. Receipt is timed when a frame arrives. bench:live reads only
// its tail (the version), so the figures measure the server's fan-out, not JSON parsing in
// this process; bench:agent needs to know which heat reached which stage, and parses it.
import { RawWebSocket } from './rawWebSocket.ts';

export interface ClientsRequest {
  url: string;
  count: number;
  competitionUic: number;
  /**
   * What a receipt is counted under: the event's version (bench:live, one event), or
   * `{eventId}:official` / `{eventId}:live{rows}` (bench:agent, a meet of heats).
   */
  keyBy?: 'version' | 'stage';
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
  results: unknown[];
  live: { rows: unknown[] } | null;
}

/** What the frame tells: its version, or which heat reached which stage. */
function keyOf(data: Buffer, keyBy: ClientsRequest['keyBy']): string | null {
  if (keyBy === 'stage') {
    let message: [string, { event?: ChangedEvent }];
    try {
      message = JSON.parse(data.subarray(2).toString('utf8')) as typeof message;
    } catch {
      return null;
    }
    const [name, payload] = message;
    const event = payload.event;
    if (name !== 'event.changed' || !event) return null;
    if (event.status === 'official' && event.results.length > 0) return `${event.id}:official`;
    return event.live ? `${event.id}:live${event.live.rows.length}` : null;
  }
  const tail = data.subarray(Math.max(0, data.length - 32)).toString('latin1');
  return /"version":(\d+)\}\]$/.exec(tail)?.[1] ?? null;
}

function spectator(request: ClientsRequest): Promise<RawWebSocket> {
  const seen = new Set<string>();
  return new Promise((resolve, reject) => {
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
          const at = now();
          const key = keyOf(data, request.keyBy);
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
