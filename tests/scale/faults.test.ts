import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AgentProcess } from '../support/agentProcess.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { Spectator } from '../support/spectator.ts';
import { createToken } from '../support/tokens.ts';
import { fixture } from '../support/uploads.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import { Crowd, Rig, sleep, spectatorPage, waitFor, type Service } from './faultRig.ts';
import { testDatabaseUrl } from '../support/app.ts';

// Faults in the scaled deployment during a meet: FinishLynx saves one heat after another into
// the folder the real timing room agent watches (the one file Rith serves, run with plain
// node in a process of its own, sending to an API node), 200 spectators follow the
// competition over both API nodes, and meanwhile the worker or an API node is SIGKILLed,
// PostgreSQL's connections are terminated, or Redis restarts without its memory. Only the
// killed process is started again; nothing else is touched. Nothing lost (every heat
// published, its event holding exactly its rows, every spectator holding every heat's final
// version), nothing doubled (no second upload or event for a heat), nothing stuck (no upload
// left queued or parsing), and every spectator holding every heat's final version within
// 15 s of the fault ending (the killed process back, Redis answering, the terminations over).

const HEATS = 24;
/** FinishLynx saves a heat's .lif this often: the saves go on through the fault. */
const SAVE_EVERY_MS = 200;
const SPECTATORS = 200;
/** From the fault's end (the process back, the terminations over) to every spectator holding every heat. */
const CONVERGE_MS = 15_000;
/** How long the test watches for that before it gives up: long enough to measure a miss. */
const SETTLE_MS = 45_000;
/**
 * The processes' settings on top of the defaults: no recovery interval is shortened, so the
 * sweep finds a stranded upload as a production deployment would (SWEEP_INTERVAL_MS every
 * 5 s, UPLOAD_LEASE_MS after 30 s; see server/config.ts). The crowd's sockets all come from
 * 127.0.0.1, as a stadium's phones come from its Wi-Fi's one address.
 */
const RIG_ENV = { LIVE_MAX_CONNECTIONS_PER_ADDRESS: String(2 * SPECTATORS) };
/** Per scenario: the meet gathering, the saves, the fault, and recovery. */
const SCENARIO_MS = 120_000;

let rig: Rig;
/** The agent as a timing room runs it: the one file Rith serves, with plain node. */
let agentBundle: string;
/** What each scenario opened: closed after it, passed or failed. */
let cleanups: (() => unknown)[] = [];

beforeAll(async () => {
  rig = await Rig.start(testDatabaseUrl(), RIG_ENV);
  const res = await fetch(`${rig.liveNode.url}/agent/rith-agent.mjs`);
  if (!res.ok) throw new Error(`the agent's download: ${res.status}`);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-faults-agent-'));
  agentBundle = path.join(dir, 'rith-agent.mjs');
  await fs.writeFile(agentBundle, Buffer.from(await res.arrayBuffer()));
}, 120_000);
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});
afterAll(async () => {
  await rig?.close();
  if (agentBundle) await fs.rm(path.dirname(agentBundle), { recursive: true, force: true });
});

/** Heat `n` of a meet: a fixture .lif renumbered as event n, and the bibs of its rows. */
function heat(n: number) {
  const source = n % 2 === 1 ? '001-1-01.lif' : '005-1-01.lif';
  const text = Buffer.from(fixture('finishlynx', source))
    .toString('latin1')
    .replace(/^\d+,/, `${n},`);
  const rows = text.split(/\r?\n/).slice(1).filter(Boolean);
  return {
    name: `${String(n).padStart(3, '0')}-1-01.lif`,
    bytes: new Uint8Array(Buffer.from(text, 'latin1')),
    bibs: rows.map((row) => row.split(',')[1]!).sort(),
  };
}
type Heat = ReturnType<typeof heat>;

const escape = (name: string) => name.replace(/\./g, '\\.');
/** The agent's line for a file it sent, and for one Rith published. */
const SENT = /\ssent\s+\d{3}-1-01\.lif$/;
const publishedLine = (name: string) => new RegExp(`\\spublished\\s+${escape(name)}\\b`);

/**
 * A club's live competition with its timing room: a token, a folder and the agent on it
 * (sending to the node a scenario may kill); the crowd of spectators over both nodes, one
 * page running the browser's own live code, and the club's admin watching upload notices.
 */
async function meet() {
  const { club, admin } = await clubWithAdmin(rig.db.db);
  const client = await loggedIn(rig.liveNode.url, admin.email);
  const competition = await createCompetition(rig.db.db, club.uic, { liveNow: true });
  const { token } = await createToken(client, competition.uic);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-faults-'));
  cleanups.push(() => fs.rm(folder, { recursive: true, force: true }));
  const agent = AgentProcess.start({
    url: rig.uploadsNode.url,
    token,
    folder,
    bundle: agentBundle,
  });
  cleanups.push(() => agent.stop('SIGKILL'));
  const nodes = [rig.uploadsNode.url, rig.liveNode.url];
  const crowd = await Crowd.gather(nodes, competition.uic, SPECTATORS);
  cleanups.push(() => crowd.close());
  const page = await spectatorPage(rig.liveNode.url, competition.uic);
  cleanups.push(() => page.close());
  const notices = await Spectator.connect(rig.liveNode.url, {
    cookie: client.cookie!,
    origin: rig.liveNode.url,
  });
  cleanups.push(() => notices.close());
  expect(await notices.subscribe({ clubAdminUic: club.uic })).toMatchObject({ ok: true });
  // Watching the folder, nothing in it yet.
  await agent.waitFor(/found 0 Lynx files in the folder/, 30_000);
  const published = () =>
    new Set(
      notices.messages.flatMap((m) =>
        m.name === 'upload.status' && m.payload.status === 'published' ? [m.payload.uploadId] : [],
      ),
    );
  return { uic: competition.uic, folder, agent, crowd, page, published };
}
type Meet = Awaited<ReturnType<typeof meet>>;

/** When each heat's .lif was saved, and the last save. */
interface Saves {
  at: Map<string, number>;
  last: number;
}

/** FinishLynx saving each heat's .lif in place as its race is read, one after another. */
async function saveHeats(folder: string, heats: Heat[], saves: Saves): Promise<void> {
  for (const [i, h] of heats.entries()) {
    if (i > 0) await sleep(SAVE_EVERY_MS);
    await fs.writeFile(path.join(folder, h.name), h.bytes);
    saves.last = Date.now();
    saves.at.set(h.name, saves.last);
  }
}

async function uploadsOf(uic: number) {
  const uploads = await rig.db.db
    .selectFrom('uploads')
    .select(['id', 'status', 'fileIds', 'report', 'createdAt', 'updatedAt'])
    .where('competitionUic', '=', uic)
    .execute();
  const ids = uploads.flatMap((u) => u.fileIds);
  const files =
    ids.length === 0
      ? []
      : await rig.db.db
          .selectFrom('files')
          .select(['id', 'fileName'])
          .where('id', 'in', ids)
          .execute();
  const names = new Map(files.map((f) => [f.id, f.fileName]));
  return uploads.map((u) => ({ ...u, fileNames: u.fileIds.map((id) => names.get(id)) }));
}

const unfinished = (status: string) => status === 'queued' || status === 'parsing';

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${rig.liveNode.url}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Where the meet stands: each heat's uploads and its event, the events' versions in the
 * database (the final ones once nothing is left to do), and whether everyone has been told
 * everything: every upload done, every heat's event with every spectator at its version, on
 * the page, in the admin's notices and in the agent's window.
 */
async function look(m: Meet, heats: Heat[]) {
  const uploads = await uploadsOf(m.uic);
  const events = await rig.db.db
    .selectFrom('events')
    .select(['id', 'version'])
    .where('competitionUic', '=', m.uic)
    .execute();
  const versions = new Map(events.map((e) => [e.id, e.version]));
  const ofHeat = heats.map((h) => {
    const holding = uploads.filter((u) => u.fileNames.includes(h.name));
    const upload = holding[0];
    const eventId =
      upload?.status === 'published'
        ? (upload.report.find((r) => r.fileName === h.name)?.events[0]?.eventId ?? null)
        : null;
    return { heat: h, holding, upload, eventId };
  });
  const finals = new Map<string, number>();
  for (const { eventId } of ofHeat) {
    const version = eventId === null ? undefined : versions.get(eventId);
    if (eventId !== null && version !== undefined) finals.set(eventId, version);
  }
  const notified = m.published();
  const onPage = m.page.withResults();
  const done =
    uploads.every((u) => !unfinished(u.status)) &&
    finals.size === heats.length &&
    m.crowd.behind(finals) === 0 &&
    [...finals.keys()].every((id) => onPage.has(id)) &&
    ofHeat.every(({ upload }) => upload !== undefined && notified.has(upload.id)) &&
    heats.every((h) => m.agent.matching(publishedLine(h.name)).length > 0);
  return { uploads, versions, ofHeat, finals, notified, onPage, done };
}

/** What the fault did: when it ended (the process back, Redis answering, the terminations over). */
interface FaultEnd {
  back: number;
  detail: string;
}

/**
 * A meet whose heats FinishLynx saves while `fault` hurts the deployment: waits until
 * everyone holds everything (or SETTLE_MS after the fault ended), then counts, per heat,
 * what was published and what went wrong, and how long after the fault's end the last
 * spectator held the last heat's final version.
 */
async function meetDay(title: string, fault: (m: Meet) => Promise<FaultEnd>) {
  const m = await meet();
  const heats = Array.from({ length: HEATS }, (_, i) => heat(i + 1));
  const saves: Saves = { at: new Map(), last: 0 };
  const [end] = await Promise.all([fault(m), saveHeats(m.folder, heats, saves)]);

  let state = await look(m, heats);
  await waitFor(
    async () => (state = await look(m, heats)).done,
    Math.max(0, end.back + SETTLE_MS - Date.now()),
    250,
  );
  const { uploads, versions, ofHeat, finals, notified, onPage, done } = state;
  const last = done ? m.crowd.lastReached(finals) : null;
  const convergedMs = last ? Math.max(0, last.at - end.back) : null;

  const count = {
    saved: saves.at.size,
    published: 0,
    doubled: Math.max(0, versions.size - heats.length),
    stuck: uploads.filter((u) => unfinished(u.status)).length,
    failed: uploads.filter((u) => u.status === 'failed').length,
    wrongRows: 0,
    spectatorsBehind: m.crowd.behind(finals),
    pageSaw: 0,
    adminSaw: 0,
    agentSaw: 0,
  };
  let slowestStoreMs = 0;
  for (const { heat: h, holding, upload, eventId } of ofHeat) {
    count.doubled += Math.max(0, holding.length - 1);
    if (m.agent.matching(publishedLine(h.name)).length > 0) count.agentSaw += 1;
    if (upload) {
      const stored = upload.createdAt.getTime() - saves.at.get(h.name)!;
      slowestStoreMs = Math.max(slowestStoreMs, stored);
    }
    if (!upload || eventId === null) continue;
    if (notified.has(upload.id)) count.adminSaw += 1;
    if (onPage.has(eventId)) count.pageSaw += 1;
    const event = await getJson<PublicEvent>(`/api/events/${eventId}`);
    const bibs = event.results.map((r) => r.bib).sort();
    if (bibs.length > h.bibs.length) count.doubled += 1;
    if (JSON.stringify(bibs) === JSON.stringify(h.bibs)) count.published += 1;
    else count.wrongRows += 1;
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  /** From the fault's end: "+2.1 s", or "-0.4 s" before it. */
  const since = (at: number) => `${at >= end.back ? '+' : '-'}${seconds(Math.abs(at - end.back))}`;
  const lastHeat = last && ofHeat.find((h) => h.eventId === last.eventId);
  const lastOne =
    last && lastHeat?.upload
      ? `the last, ${lastHeat.heat.name}: saved ${since(saves.at.get(lastHeat.heat.name)!)}, ` +
        `stored ${since(lastHeat.upload.createdAt.getTime())}, published ` +
        `${since(lastHeat.upload.updatedAt.getTime())}, held by all ${since(last.at)}`
      : 'none held by all';
  console.log(
    `faults | ${title} | saved ${count.saved}, published ${count.published}, doubled ` +
      `${count.doubled}, stuck ${count.stuck}, failed ${count.failed}, wrong rows ` +
      `${count.wrongRows}, spectators behind ${count.spectatorsBehind} of ${m.crowd.size}, ` +
      `page saw ${count.pageSaw}, admin notified ${count.adminSaw}, agent published ` +
      `${count.agentSaw} | converged ` +
      (convergedMs === null
        ? `not within ${seconds(SETTLE_MS)}`
        : `${seconds(convergedMs)} after the fault ended`) +
      ` (${lastOne}; the last .lif saved ${since(saves.last)}), ` +
      `${m.crowd.reconnects} spectator reconnections, slowest store after a save ` +
      `${seconds(slowestStoreMs)} | ${end.detail}`,
  );
  expect(m.crowd.refusals).toEqual([]);
  return { count, convergedMs, slowestStoreMs, agent: m.agent };
}

/**
 * Nothing lost, nothing doubled, nothing stuck, everyone told; and every spectator held every
 * heat's final version within CONVERGE_MS of the fault's end.
 */
function expectExactlyOnce({ count, convergedMs }: Awaited<ReturnType<typeof meetDay>>) {
  expect(count).toEqual({
    saved: HEATS,
    published: HEATS,
    doubled: 0,
    stuck: 0,
    failed: 0,
    wrongRows: 0,
    spectatorsBehind: 0,
    pageSaw: HEATS,
    adminSaw: HEATS,
    agentSaw: HEATS,
  });
  expect(convergedMs, 'every spectator holding every heat, after the fault ended').not.toBeNull();
  expect(convergedMs).toBeLessThanOrEqual(CONVERGE_MS);
}

/** How often each process had been started when the scenario began (the rig is shared). */
let startsBefore = new Map<Service, number>();
beforeEach(() => {
  startsBefore = new Map(rig.services().map((s) => [s, s.starts]));
});

/** Only `killed` was started again in this scenario; every other process has run throughout. */
function expectOnlyRestarted(killed: Service | null) {
  for (const service of rig.services()) {
    expect(service.running).toBe(true);
    expect(service.starts - startsBefore.get(service)!).toBe(service === killed ? 1 : 0);
  }
}

/** Waits for a share of the heats to be sent, so the fault lands in the middle of the meet. */
const underway = (m: Meet) => waitFor(() => m.agent.matching(SENT).length >= HEATS / 4, 30_000);

const parsing = async (uic: number) =>
  (await uploadsOf(uic)).filter((u) => u.status === 'parsing').length;
const queued = async (uic: number) =>
  (await uploadsOf(uic)).filter((u) => u.status === 'queued').length;
const stored = async (uic: number) => (await uploadsOf(uic)).length;

describe('faults during a meet, with the agent sending and 200 spectators, in the scaled deployment', () => {
  it(
    'the worker SIGKILLed in the middle of jobs: started again, it publishes every heat once',
    async () => {
      const result = await meetDay('worker SIGKILL', async (m) => {
        await underway(m);
        // Kill it while it is on a job, if one can be caught.
        await waitFor(async () => (await parsing(m.uic)) > 0, 10_000, 5);
        await rig.worker.kill();
        const killed = Date.now();
        const cut = await parsing(m.uic);
        await waitFor(async () => !(await rig.workerTakingJobs()), 5_000, 20);
        await rig.worker.start();
        // Back once it takes jobs again (BullMQ names the connection it takes them on).
        if (!(await waitFor(() => rig.workerTakingJobs(), 60_000, 20))) {
          throw new Error('the worker did not come back');
        }
        const back = Date.now();
        return {
          back,
          detail:
            `${cut} upload(s) cut off while parsing, the worker taking jobs again ` +
            `${((back - killed) / 1000).toFixed(1)} s after the kill`,
        };
      });
      expectExactlyOnce(result);
      expectOnlyRestarted(rig.worker);
    },
    SCENARIO_MS,
  );

  it(
    'an API node SIGKILLed between commit and enqueue: every heat still published once',
    async () => {
      const result = await meetDay('API SIGKILL', async (m) => {
        await underway(m);
        const before = await stored(m.uic);
        // The agent's next send is caught inside its transaction, and Redis holds writes
        // before it commits: the upload is stored and answered, its job not yet queued.
        await rig.holdingUploadInserts(async (waiting) => {
          if (!(await waitFor(async () => (await waiting()) > 0, 10_000, 10))) {
            throw new Error('no upload on its way in to catch');
          }
          await rig.pauseRedisWrites();
        });
        await waitFor(async () => (await stored(m.uic)) > before, 10_000, 10);
        const committed = (await stored(m.uic)) - before;
        if (committed === 0) throw new Error('the upload caught on its way in was not stored');
        await rig.uploadsNode.kill();
        await rig.unpauseRedisWrites();
        await rig.uploadsNode.start();
        return {
          back: Date.now(),
          detail: `${committed} upload(s) committed but not yet queued at the kill`,
        };
      });
      expectExactlyOnce(result);
      expectOnlyRestarted(rig.uploadsNode);
    },
    SCENARIO_MS,
  );

  it(
    "PostgreSQL's connections terminated again and again mid-meet: every heat published once",
    async () => {
      const result = await meetDay('PostgreSQL connections terminated', async (m) => {
        await underway(m);
        let rounds = 0;
        let terminated = 0;
        // Ten rounds, 300 ms apart: requests, jobs and pooled connections all lose theirs.
        for (; rounds < 10; rounds += 1) {
          if (rounds > 0) await sleep(300);
          terminated += await rig.terminateBackends();
        }
        return {
          back: Date.now(),
          detail: `${terminated} connections terminated in ${rounds} rounds`,
        };
      });
      expectExactlyOnce(result);
      expectOnlyRestarted(null);
    },
    SCENARIO_MS,
  );

  it(
    'Redis restarted without its memory mid-meet: every heat published once',
    async () => {
      const result = await meetDay('Redis restarted', async (m) => {
        await underway(m);
        // The worker busy (the competition held a moment, as a long job holds it): uploads
        // wait in Redis's queue when Redis goes, and come back without them.
        const { down, waiting } = await rig.holdingCompetition(m.uic, async () => {
          await waitFor(async () => (await queued(m.uic)) >= 2, 10_000, 20);
          const waiting = await queued(m.uic);
          const down = Date.now();
          await rig.redis.kill();
          return { down, waiting };
        });
        await sleep(3_000);
        await rig.redis.restart();
        const back = Date.now();
        return {
          back,
          detail:
            `Redis away ${((back - down) / 1000).toFixed(1)} s, ` +
            `${waiting} upload(s) waiting in its queue at the kill`,
        };
      });
      expectExactlyOnce(result);
      // Point 11: a stored upload is answered at once, Redis or not: the agent never found
      // Rith unreachable or busy, and every heat was stored within moments of its save.
      expect(result.agent.matching(/unreachable|busy/i)).toEqual([]);
      expect(result.slowestStoreMs).toBeLessThan(5_000);
      expectOnlyRestarted(null);
    },
    SCENARIO_MS,
  );
});
