import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { Spectator } from '../support/spectator.ts';
import { createToken } from '../support/tokens.ts';
import { fixture } from '../support/uploads.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import {
  Rig,
  sendLynxFile,
  sleep,
  spectatorPage,
  waitFor,
  type Sending,
  type Service,
} from './faultRig.ts';

// Faults in the scaled deployment while a timing room sends a burst of heats: the worker or
// an API node SIGKILLed, PostgreSQL's connections terminated, Redis restarted without its
// memory. Only the killed process is started again; nothing else is touched. Every heat must
// be published exactly once (its upload published, its event holding exactly its rows, no
// second upload or event for it), none left stuck, and a spectator's page and the club
// admin's live notices must show each publication.

const HEATS = 24;
const SENDERS = 4;
/** How long recovery may take once the burst is in: generous, for a loaded two-core box. */
const SETTLE_MS = 45_000;
/**
 * The processes' own recovery settings on top of the defaults: none, so the sweep finds a
 * stranded upload as a production deployment would (SWEEP_INTERVAL_MS every 5 s,
 * UPLOAD_LEASE_MS after 30 s; see server/config.ts), within SETTLE_MS.
 */
const RECOVERY_ENV = {};
/** Per scenario: the burst, the fault, and recovery when something is left to recover. */
const SCENARIO_MS = 150_000;

let rig: Rig;
/** How the last burst's sends went: retries, and the slowest answer. */
let lastSending: Sending = { accepted: 0, retried: 0, slowestMs: 0 };

beforeAll(async () => {
  rig = await Rig.start(inject('databaseUrl'), RECOVERY_ENV);
}, 120_000);
afterAll(async () => {
  await rig?.close();
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

/** A club, its live competition with a timing room token, a spectator and the admin watching. */
async function meet() {
  const { club, admin } = await clubWithAdmin(rig.db.db);
  const client = await loggedIn(rig.liveNode.url, admin.email);
  const competition = await createCompetition(rig.db.db, club.uic, { liveNow: true });
  const { token } = await createToken(client, competition.uic);
  const page = await spectatorPage(rig.liveNode.url, competition.uic);
  const notices = await Spectator.connect(rig.liveNode.url, {
    cookie: client.cookie!,
    origin: rig.liveNode.url,
  });
  expect(await notices.subscribe({ clubAdminUic: club.uic })).toMatchObject({ ok: true });
  const published = () =>
    new Set(
      notices.messages.flatMap((m) =>
        m.name === 'upload.status' && m.payload.status === 'published' ? [m.payload.uploadId] : [],
      ),
    );
  return {
    uic: competition.uic,
    token,
    page,
    published,
    close() {
      page.close();
      notices.close();
    },
  };
}

async function uploadsOf(uic: number) {
  const uploads = await rig.db.db
    .selectFrom('uploads')
    .select(['id', 'status', 'fileIds', 'report'])
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
 * Sends the heats with a few senders at once while `fault` hurts the deployment, waits for
 * everything to settle, then counts, per heat, what was published and what went wrong.
 */
async function burst(
  title: string,
  fault: (sending: Sending, competitionUic: number) => Promise<string>,
) {
  const m = await meet();
  const heats = Array.from({ length: HEATS }, (_, i) => heat(i + 1));
  const sending: Sending = { accepted: 0, retried: 0, slowestMs: 0 };
  lastSending = sending;
  const deadline = Date.now() + 90_000;
  const uploadIds = new Map<string, string | null>();
  const queue = [...heats];
  const senders = Array.from({ length: SENDERS }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      uploadIds.set(
        next.name,
        await sendLynxFile(rig.uploadsNode.url, m.token, m.uic, next, sending, deadline),
      );
    }
  });
  const [detail] = await Promise.all([fault(sending, m.uic), ...senders]);

  await waitFor(
    async () =>
      (await uploadsOf(m.uic)).every((u) => !unfinished(u.status)) &&
      m.page.withResults().size >= HEATS &&
      m.published().size >= HEATS,
    SETTLE_MS,
    250,
  );

  const uploads = await uploadsOf(m.uic);
  const events = await getJson<PublicEvent[]>(`/api/events?competitionUic=${m.uic}`);
  const seen = m.page.withResults();
  const notified = m.published();
  const count = {
    sent: heats.length,
    unanswered: [...uploadIds.values()].filter((id) => id === null).length,
    published: 0,
    duplicates: Math.max(0, events.length - heats.length),
    stuck: uploads.filter((u) => unfinished(u.status)).length,
    failed: uploads.filter((u) => u.status === 'failed').length,
    wrongRows: 0,
    spectatorSaw: 0,
    adminSaw: 0,
  };
  for (const h of heats) {
    const holding = uploads.filter((u) => u.fileNames.includes(h.name));
    count.duplicates += Math.max(0, holding.length - 1);
    const upload = holding[0];
    if (upload?.status !== 'published') continue;
    if (notified.has(upload.id)) count.adminSaw += 1;
    const report = upload.report;
    const eventId = report.find((r) => r.fileName === h.name)?.events[0]?.eventId;
    if (!eventId) continue;
    if (seen.has(eventId)) count.spectatorSaw += 1;
    const event = await getJson<PublicEvent>(`/api/events/${eventId}`);
    const bibs = event.results.map((r) => r.bib).sort();
    if (bibs.length > h.bibs.length) count.duplicates += 1;
    if (JSON.stringify(bibs) === JSON.stringify(h.bibs)) count.published += 1;
    else count.wrongRows += 1;
  }
  m.close();
  console.log(
    `faults | ${title} | sent ${count.sent}, published ${count.published}, duplicates ` +
      `${count.duplicates}, stuck ${count.stuck}, failed ${count.failed}, wrong rows ` +
      `${count.wrongRows}, unanswered ${count.unanswered}, spectator saw ${count.spectatorSaw}, ` +
      `admin notified ${count.adminSaw} | retried sends ${sending.retried}, slowest answer ` +
      `${(sending.slowestMs / 1000).toFixed(1)} s | ${detail}`,
  );
  return count;
}

/** Every heat published exactly once, none stuck, and both watchers saw every one. */
function expectExactlyOnce(count: Awaited<ReturnType<typeof burst>>) {
  expect(count).toEqual({
    sent: HEATS,
    unanswered: 0,
    published: HEATS,
    duplicates: 0,
    stuck: 0,
    failed: 0,
    wrongRows: 0,
    spectatorSaw: HEATS,
    adminSaw: HEATS,
  });
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

/** Waits for a share of the burst to be in, so the fault lands in the middle of it. */
const underway = (sending: Sending) => waitFor(() => sending.accepted >= HEATS / 4, 60_000);

const parsing = async (uic: number) =>
  (await uploadsOf(uic)).filter((u) => u.status === 'parsing').length;
const stored = async (uic: number) => (await uploadsOf(uic)).length;

describe('faults during a burst of uploads in the scaled deployment', () => {
  it(
    'the worker SIGKILLed in the middle of jobs: started again, it publishes every heat once',
    async () => {
      const count = await burst('worker SIGKILL', async (sending, uic) => {
        await underway(sending);
        // Kill it while it is on a job, if one can be caught.
        await waitFor(async () => (await parsing(uic)) > 0, 15_000, 5);
        await rig.worker.kill();
        const cut = await parsing(uic);
        await rig.worker.start();
        return `${cut} upload(s) cut off while parsing`;
      });
      expectExactlyOnce(count);
      expectOnlyRestarted(rig.worker);
    },
    SCENARIO_MS,
  );

  it(
    'an API node SIGKILLed between commit and enqueue: every heat still published once',
    async () => {
      const count = await burst('API SIGKILL', async (sending, uic) => {
        await underway(sending);
        // Redis holds writes for a moment: what the node commits now waits to be queued.
        const before = await stored(uic);
        await rig.pauseRedisWrites();
        await waitFor(async () => (await stored(uic)) > before, 10_000, 10);
        const committed = (await stored(uic)) - before;
        await rig.uploadsNode.kill();
        await rig.unpauseRedisWrites();
        await rig.uploadsNode.start();
        return `${committed} upload(s) committed but not yet queued at the kill`;
      });
      expectExactlyOnce(count);
      expectOnlyRestarted(rig.uploadsNode);
    },
    SCENARIO_MS,
  );

  it(
    "PostgreSQL's connections terminated again and again mid-burst: every heat published once",
    async () => {
      const count = await burst('PostgreSQL connections terminated', async (sending) => {
        await underway(sending);
        let rounds = 0;
        let terminated = 0;
        // Ten rounds, 300 ms apart: requests, jobs and pooled connections all lose theirs.
        for (; rounds < 10; rounds += 1) {
          terminated += await rig.terminateBackends();
          await sleep(300);
        }
        return `${terminated} connections terminated in ${rounds} rounds`;
      });
      expectExactlyOnce(count);
      expectOnlyRestarted(null);
    },
    SCENARIO_MS,
  );

  it(
    'Redis restarted without its memory mid-burst: every heat published once',
    async () => {
      const count = await burst('Redis restarted', async (sending) => {
        await underway(sending);
        const down = Date.now();
        await rig.redis.kill();
        await sleep(3_000);
        await rig.redis.restart();
        return `Redis away ${((Date.now() - down) / 1000).toFixed(1)} s`;
      });
      expectExactlyOnce(count);
      // Point 11: a stored upload is answered at once, Redis or not; none had to be sent again.
      expect(lastSending.retried).toBe(0);
      expect(lastSending.slowestMs).toBeLessThan(5_000);
      expectOnlyRestarted(null);
    },
    SCENARIO_MS,
  );
});
