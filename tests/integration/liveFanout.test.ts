// Spectators spread over the API process and a fan-out process (LIVE_PROCESSES=2): every
// page gets every change whichever process holds its socket, subscriptions answered from the
// API process's data, the per-address limit counted across processes, a fan-out process that
// dies replaced, and none left behind when the server stops.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { startTestApp, type TestApp } from '../support/app.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { publishedUpload, Spectator } from '../support/spectator.ts';
import { createAdmin, loggedIn } from '../support/admin.ts';
import { updateEvent } from '../../server/events/service.ts';
import { liveSpectators } from '../../server/infra/metrics.ts';
import { updateCompetition } from '../../server/competitions/service.ts';
import { competitionRoom, eventRoom } from '../../shared/live/protocol.ts';

let t: TestApp;
const spectators: Spectator[] = [];

beforeAll(async () => {
  t = await startTestApp({ config: { liveProcesses: 2 } });
});
afterEach(() => {
  for (const s of spectators.splice(0)) s.close();
});
afterAll(async () => {
  await t.close();
});

async function spectator(headers?: Record<string, string>) {
  const s = await Spectator.connect(t.url, headers);
  spectators.push(s);
  return s;
}
/** Whether the API process itself holds the socket (else a fan-out process does). */
const heldHere = (s: Spectator) => t.app.io.of('/').sockets.has(s.socket.id ?? '');

/** Connects until one lands on each process, with these headers. */
async function onePerProcess(headers?: Record<string, string>) {
  let here: Spectator | undefined;
  let there: Spectator | undefined;
  while (!here || !there) {
    const s = await spectator(headers);
    if (heldHere(s)) here ??= s;
    else there ??= s;
  }
  return { here, there };
}

async function meet() {
  const db = t.runtime.db;
  const club = await createClub(db);
  const competition = await createCompetition(db, club.uic, { liveNow: true });
  const event = await createEvent(db, competition.uic, {
    startListFile: [athlete({ name: 'Ciara Mageean', lane: '4' })],
  });
  return { club, competition, event };
}

const spectatorsGauge = async () => (await liveSpectators.get()).values[0]?.value;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('live fan-out processes', () => {
  it('spread fresh websockets over both processes, and every page gets every change', async () => {
    const { competition, event } = await meet();
    const all = await Promise.all(Array.from({ length: 6 }, () => spectator()));
    expect(all.filter(heldHere)).toHaveLength(3);

    const acks = await Promise.all(
      all.map((s, i) =>
        s.subscribe(i % 2 ? { competitionUic: competition.uic } : { eventId: event.id }),
      ),
    );
    for (const ack of acks) {
      expect(ack).toMatchObject({
        ok: true,
        versions: {
          [competitionRoom(competition.uic)]: competition.version,
          [eventRoom(event.id)]: event.version,
        },
      });
    }

    const saved = await updateEvent(t.runtime, event.id, {
      results: [athlete({ name: 'Ciara Mageean', rank: '1', performance: '4:01.20' })],
      status: 'official',
    });
    for (const s of all) {
      const changed = await s.next(
        (m) => m.name === 'event.changed' && m.payload.version === saved.version,
      );
      expect(changed.payload).toMatchObject({ event: { id: event.id, status: 'official' } });
    }

    // A competition change reaches the pages of its events, on either process.
    const renamed = await updateCompetition(t.runtime, competition.uic, {
      competitionName: 'Dublin Indoor',
    });
    for (const s of all) {
      await s.next(
        (m) => m.name === 'competition.changed' && m.payload.version === renamed.version,
      );
    }
  });

  it('gives each new socket to the process holding fewest, so pages leaving one side even out', async () => {
    await until(async () => (await spectatorsGauge()) === 0 && t.app.io.engine.clientsCount === 0);
    const first = await Promise.all(Array.from({ length: 10 }, () => spectator()));
    const here = first.filter(heldHere);
    expect(here).toHaveLength(5);
    // The API process's pages leave (as a dead fan-out process's pages all come back at
    // once): taking turns would leave it a quarter of the sockets, and the other process
    // three quarters of every publication's work.
    for (const s of here) s.close();
    await until(() => t.app.io.engine.clientsCount === 0);
    const next = await Promise.all(Array.from({ length: 5 }, () => spectator()));
    expect(next.filter(heldHere)).toHaveLength(5);
  });

  it("answers an unknown event and a club admin's room from the API process's data", async () => {
    const { club } = await meet();
    const { there } = await onePerProcess();
    expect(await there.subscribe({ eventId: randomUUID() })).toEqual({
      ok: false,
      error: 'Event not found',
    });

    const admin = await createAdmin(t.runtime.db, [club.uic]);
    const { cookie } = await loggedIn(t.url, admin.email);
    const admins = await onePerProcess({ cookie: cookie!, origin: t.url });
    const target = { clubAdminUic: club.uic };
    expect(await admins.there.subscribe(target)).toEqual({ ok: true, versions: {} });
    expect(await there.subscribe(target)).toEqual({ ok: false, error: 'Forbidden' });
    const status = publishedUpload(club.uic);
    t.runtime.bus.publish({ name: 'upload.status', payload: status });
    expect((await admins.there.next((m) => m.name === 'upload.status')).payload).toEqual(status);
  });

  it('replaces a fan-out process that dies, and its pages reconnect to a live process', async () => {
    const { competition, event } = await meet();
    const { there } = await onePerProcess();
    const [pid] = t.app.liveFanout!.processIds();
    expect(pid).toBeDefined();
    const lost = new Promise((resolve) => there.socket.once('disconnect', resolve));
    process.kill(pid!, 'SIGKILL');
    await lost;

    await until(() => {
      const [next] = t.app.liveFanout!.processIds();
      return next !== undefined && next !== pid && alive(next);
    });
    // Its spectators are no longer counted: /metrics says who is connected now.
    await until(async () => (await spectatorsGauge()) === t.app.io.engine.clientsCount);
    const { there: again } = await onePerProcess();
    await again.subscribe({ competitionUic: competition.uic });
    const saved = await updateEvent(t.runtime, event.id, { windSpeed: '+0.4' });
    await again.next((m) => m.name === 'event.changed' && m.payload.version === saved.version);
  });
});

describe('the per-address limit', () => {
  it('counts an address over both processes, and frees its count as sockets close', async () => {
    const limit = 4;
    const own = await startTestApp({
      config: { liveProcesses: 2, liveMaxConnectionsPerAddress: limit },
    });
    const held: Spectator[] = [];
    try {
      for (let i = 0; i < limit; i += 1) held.push(await Spectator.connect(own.url));
      const local = own.app.io.of('/').sockets;
      expect(held.filter((s) => local.has(s.socket.id ?? ''))).toHaveLength(limit / 2);
      await expect(Spectator.connect(own.url)).rejects.toThrow();

      held.find((s) => !local.has(s.socket.id ?? ''))?.close();
      // The fan-out process reports the close; then the address may connect again.
      await until(async () => {
        try {
          held.push(await Spectator.connect(own.url));
          return true;
        } catch {
          return false;
        }
      });
    } finally {
      for (const s of held) s.close();
      await own.close();
    }
  });
});

describe('clients that reset their connection', () => {
  it('cost the server nothing, even while their sockets wait to be handed over', async () => {
    const limit = 20;
    const own = await startTestApp({
      config: { liveProcesses: 2, liveMaxConnectionsPerAddress: limit },
    });
    const { port } = new URL(own.url);
    const [pid] = own.app.liveFanout!.processIds();
    try {
      // The fan-out process stops taking sockets: Node sends it one and queues the rest.
      process.kill(pid!, 'SIGSTOP');
      const sockets = Array.from({ length: limit }, () => {
        const socket = net.connect(Number(port), '127.0.0.1');
        socket.on('error', () => {});
        socket.write(
          'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\n' +
            `Host: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
            'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        );
        return socket;
      });
      // Time for the server to read every request (half go to the stopped process's queue);
      // then every client resets.
      await new Promise((r) => setTimeout(r, 300));
      for (const socket of sockets) socket.resetAndDestroy();
      await new Promise((r) => setTimeout(r, 100));
      process.kill(pid!, 'SIGCONT');

      // Still serving, and the address may hold its whole allowance again.
      const held: Spectator[] = [];
      await until(async () => {
        try {
          while (held.length < limit) held.push(await Spectator.connect(own.url));
          return true;
        } catch {
          return false;
        }
      });
      for (const s of held) s.close();
    } finally {
      process.kill(pid!, 'SIGCONT');
      await own.close();
    }
  });
});

describe('stopping the server', () => {
  it('ends its fan-out processes', async () => {
    const other = await startTestApp({ config: { liveProcesses: 3 } });
    const pids = other.app.liveFanout!.processIds();
    expect(pids).toHaveLength(2);
    await other.close();
    expect(pids.filter(alive)).toEqual([]);
  });
});
