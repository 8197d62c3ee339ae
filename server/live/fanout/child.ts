// A fan-out process: holds the spectators' websockets the API process hands it (pool.ts) and
// pushes every change to them, so a publication is written by every core at once. It has no
// database and no port: subscriptions are answered by asking the API process, and changes
// arrive from the API process's bus over IPC.
import http from 'node:http';
import type { Socket as NetSocket } from 'node:net';
import { Server } from 'socket.io';
import { createLogger } from '../../infra/logger.ts';
import type { Envelope, BusListener, GapListener } from '../../infra/bus.ts';
import type { LiveBackend } from '../backend.ts';
import { createLiveHub, LIVE_SERVER_OPTIONS } from '../hub.ts';
import type { FanoutConfig, FromFanout, Question, ToFanout } from './protocol.ts';

const send = (message: FromFanout) => process.send?.(message);

const waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
let nextId = 1;
function ask<T>(question: Question): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    waiting.set(id, { resolve: (value) => resolve(value as T), reject });
    send({ type: 'ask', id, question });
  });
}

const backend: LiveBackend = {
  eventCompetition: (eventId) => ask({ op: 'eventCompetition', eventId }),
  versions: (of) => ask({ op: 'versions', of }),
  sessionClubs: (sessionId) => ask({ op: 'sessionClubs', sessionId }),
};

const listeners = new Set<{ listener: BusListener; onGap?: GapListener }>();
const bus = {
  subscribe(listener: BusListener, onGap?: GapListener) {
    const entry = { listener, onGap };
    listeners.add(entry);
    return () => listeners.delete(entry);
  },
};

function start(config: FanoutConfig) {
  const log = createLogger(config, 'rith-live');
  // Never listens: every socket arrives from the API process, already past its HTTP request.
  const server = http.createServer();
  const io = new Server(server, LIVE_SERVER_OPTIONS);
  const hub = createLiveHub(io, {
    backend,
    bus,
    config,
    log,
    metrics: {
      spectators: (delta) => send({ type: 'spectators', delta }),
      pushed: (message, seconds) => send({ type: 'pushed', message, seconds }),
    },
  });

  process.on('message', (message: ToFanout, handle?: NetSocket) => {
    switch (message.type) {
      case 'socket': {
        const released = () => send({ type: 'released', address: message.address });
        // Reset while it waited to be sent: it arrives without its handle.
        if (!handle) {
          released();
          return;
        }
        handle.once('close', released);
        const request = new http.IncomingMessage(handle);
        request.method = 'GET';
        request.url = message.url;
        request.headers = message.headers;
        request.httpVersionMajor = 1;
        request.httpVersionMinor = 1;
        request.httpVersion = '1.1';
        // Engine.IO answers the upgrade as if this process had read the request itself.
        server.emit('upgrade', request, handle, Buffer.from(message.head, 'base64'));
        return;
      }
      case 'bus': {
        const envelope: Envelope = { committedAt: message.committedAt };
        for (const { listener } of listeners) listener(message.message, envelope);
        return;
      }
      case 'gap':
        for (const { onGap } of listeners) onGap?.();
        return;
      case 'answer': {
        const waiter = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.ok) waiter?.resolve(message.value);
        else waiter?.reject(new Error(message.error));
        return;
      }
      case 'ping':
        send({ type: 'pong' });
        return;
      case 'memory':
        (globalThis as { gc?: () => void }).gc?.();
        send({ type: 'memory', usage: process.memoryUsage() });
        return;
      case 'close':
        // Closing the transports lets pages reconnect by themselves, to another process.
        hub.close();
        io.engine.close();
        setImmediate(() => process.exit(0));
        return;
      case 'init':
        return;
    }
  });
  send({ type: 'ready' });
}

process.once('message', (message: ToFanout) => {
  if (message.type === 'init') start(message.config);
});
// The API process is gone: its sockets' pages reconnect to whatever replaces it.
process.on('disconnect', () => process.exit(0));
