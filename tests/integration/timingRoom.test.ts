import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, competitionBody, loggedIn, type AdminClient } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { sendUpload, settled } from '../support/uploads.ts';
import { meetFile, publicMeet } from '../support/meets.ts';
import { createToken, TokenClient } from '../support/tokens.ts';
import { Spectator } from '../support/spectator.ts';
import { openLivePage } from '../support/livePage.ts';
import { athlete } from '../support/factory.ts';
import { updateEvent } from '../../server/events/service.ts';
import { linesApply } from '../../shared/live/liveLines.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import type { UploadAccepted } from '../../shared/schemas/upload.ts';
import type {
  AgentIdentity,
  AgentStatusAnswer,
  AgentStatusReport,
  CompetitionToken,
  ScoreboardAnswer,
  ScoreboardUpdate,
} from '../../shared/schemas/timingRoom.ts';
import { MAX_COMPETITION_TOKENS, TOKEN_CAP_MESSAGE } from '../../shared/schemas/timingRoom.ts';

// The timing room's side of the server: competition tokens, the agent's uploads (each
// content once, a changed file as a correction), its status and the scoreboard feed.

let t: TestApp;
let admin: AdminClient;
let clubUic: number;
beforeAll(async () => {
  t = await startTestApp();
  const { club, admin: user } = await clubWithAdmin(t.runtime.db);
  clubUic = club.uic;
  admin = await loggedIn(t.url, user.email);
});
afterAll(async () => {
  await t?.close();
});

const MEET = 'us-high-school';
const meetFiles = (...names: string[]) =>
  names.map((name) => ({ name, bytes: meetFile(MEET, name) }));

async function sendFiles(
  client: AdminClient,
  uic: number,
  files: { name: string; bytes: Uint8Array }[],
) {
  const res = await sendUpload(client, `/api/admin/competitions/${uic}/upload-lynx`, files, {
    field: 'files',
  });
  return { status: res.status, body: (await res.json()) as UploadAccepted };
}

async function heatOf(uic: number, heat: number): Promise<PublicEvent> {
  const events = await publicMeet(t.url, uic);
  const found = events.find((e) => e.eventName.includes('110') && e.heat === heat);
  if (!found) throw new Error(`no 110 m hurdles heat ${heat}`);
  return found;
}

async function newCompetition() {
  const competition = await createCompetition(t.runtime.db, clubUic, { liveNow: true });
  const { token, id } = await createToken(admin, competition.uic);
  return { uic: competition.uic, agent: new TokenClient(t.url, token), tokenId: id };
}

const scoreboard = (heat: number, rows: Partial<ScoreboardUpdate & { type: 'results' }>['rows']) =>
  ({
    type: 'results',
    heat: { eventNumber: 1, round: 1, heat, eventName: 'Boys 110 Meter Hurdles' },
    wind: '+1.1',
    rows: rows ?? [],
  }) satisfies ScoreboardUpdate;

const line = (place: string, bib: string, lane: string, time: string) => ({
  place,
  lane,
  bib,
  name: `RUNNER ${bib}`,
  affiliation: '',
  time,
  reactionTime: '0.150',
});

describe('competition tokens', () => {
  it('are shown once, kept hashed, listed without the token and revoked at once', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    const created = await createToken(admin, competition.uic, 'Finish PC');
    expect(created.token).toMatch(/^rith_[A-Za-z0-9_-]{43}$/);
    const stored = await t.runtime.db.selectFrom('competitionTokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const { body: list } = await admin.json<CompetitionToken[]>(
      `/api/admin/competitions/${competition.uic}/tokens`,
    );
    expect(list).toEqual([
      expect.objectContaining({ id: created.id, name: 'Finish PC', filesReceived: 0, agent: null }),
    ]);
    expect(JSON.stringify(list)).not.toContain(created.token);

    const agent = new TokenClient(t.url, created.token);
    const who = await agent.json<AgentIdentity>('/api/agent');
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({ competitionUic: competition.uic, tokenName: 'Finish PC' });

    expect(
      (await admin.fetch(`/api/admin/tokens/${created.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await agent.fetch('/api/agent')).status).toBe(401);
    const upload = await sendFiles(agent, competition.uic, meetFiles('lynx.evt'));
    expect(upload.status).toBe(401);
  });

  it('are at most 20 a competition, refused past that with the reason', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    for (let i = 1; i <= MAX_COMPETITION_TOKENS; i += 1) {
      await createToken(admin, competition.uic, `PC ${i}`);
    }
    const past = await admin.json(`/api/admin/competitions/${competition.uic}/tokens`, {
      method: 'POST',
      json: { name: 'One more' },
    });
    expect(past).toMatchObject({
      status: 409,
      body: { code: 'conflict', error: TOKEN_CAP_MESSAGE },
    });
    const { body: list } = await admin.json<CompetitionToken[]>(
      `/api/admin/competitions/${competition.uic}/tokens`,
    );
    expect(list).toHaveLength(MAX_COMPETITION_TOKENS);
  });

  it('are good only for their own competition’s uploads', async () => {
    const mine = await newCompetition();
    const other = await createCompetition(t.runtime.db, clubUic);
    // Another competition of the same club: refused as if the token were wrong.
    expect((await sendFiles(mine.agent, other.uic, meetFiles('lynx.evt'))).status).toBe(401);
    // Not an upload route: a token never stands in for the admin.
    const put = await mine.agent.fetch(`/api/admin/competitions/${mine.uic}`, {
      method: 'PUT',
      json: competitionBody(clubUic),
    });
    expect(put.status).toBe(401);
    expect((await mine.agent.fetch('/api/admin/clubs')).status).toBe(401);
    const tokens = await mine.agent.fetch(`/api/admin/competitions/${mine.uic}/tokens`, {
      method: 'POST',
      json: { name: 'mine now' },
    });
    expect(tokens.status).toBe(401);
    // An upload of another competition cannot be read with it either.
    const theirs = await admin.fetch(`/api/admin/competitions/${other.uic}/upload-lynx`, {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.append('files', new Blob([new Uint8Array(meetFile(MEET, 'lynx.evt'))]), 'lynx.evt');
        return form;
      })(),
    });
    const { uploadId } = (await theirs.json()) as UploadAccepted;
    expect((await mine.agent.fetch(`/api/admin/uploads/${uploadId}`)).status).toBe(401);
    // A wrong token, however close, is refused.
    const forged = new TokenClient(t.url, `${mine.agent.token.slice(0, -2)}xx`);
    expect((await forged.fetch('/api/agent')).status).toBe(401);
  });

  it('cannot be revoked by another club’s admin', async () => {
    const mine = await newCompetition();
    const { admin: stranger } = await clubWithAdmin(t.runtime.db);
    const strangerClient = await loggedIn(t.url, stranger.email);
    const res = await strangerClient.fetch(`/api/admin/tokens/${mine.tokenId}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(404);
    expect((await mine.agent.fetch('/api/agent')).status).toBe(200);
  });
});

describe('files from the agent', () => {
  it('are applied once per content, and a changed file is a correction', async () => {
    const { uic, agent, tokenId } = await newCompetition();
    const evt = await sendFiles(agent, uic, meetFiles('lynx.evt'));
    expect(evt.status).toBe(202);
    expect((await settled(agent, evt.body.uploadId)).status).toBe('published');

    const first = await sendFiles(agent, uic, meetFiles('001-1-01.lif'));
    expect(first.status).toBe(202);
    expect((await settled(agent, first.body.uploadId)).status).toBe('published');
    const heat = await heatOf(uic, 1);
    expect(heat.status).toBe('official');
    expect(heat.results[0]?.name).toBe('Darius Washington');

    // Sent again (a retry after a lost answer): acknowledged with the upload that brought it.
    const again = await sendFiles(agent, uic, meetFiles('001-1-01.lif'));
    expect(again.status).toBe(200);
    expect(again.body.uploadId).toBe(first.body.uploadId);
    expect(again.body.files).toEqual([
      expect.objectContaining({ fileName: '001-1-01.lif', outcome: 'unchanged' }),
    ]);
    expect((await heatOf(uic, 1)).version).toBe(heat.version);

    // The operator re-reads the photo and saves the heat again: a correction.
    const corrected = new TextDecoder('latin1')
      .decode(meetFile(MEET, '001-1-01.lif'))
      .replace('14.412', '14.401');
    const fix = await sendFiles(agent, uic, [
      { name: '001-1-01.lif', bytes: Uint8Array.from(Buffer.from(corrected, 'latin1')) },
    ]);
    expect(fix.status).toBe(202);
    expect((await settled(agent, fix.body.uploadId)).status).toBe('published');
    const after = await heatOf(uic, 1);
    expect(after.version).toBe(heat.version + 1);
    expect(after.results[0]?.performance).toBe('14.401');

    const { body: tokens } = await admin.json<CompetitionToken[]>(
      `/api/admin/competitions/${uic}/tokens`,
    );
    expect(tokens.find((x) => x.id === tokenId)).toMatchObject({ filesReceived: 3 });
    expect(tokens.find((x) => x.id === tokenId)?.lastUsedAt).not.toBeNull();
  });

  it('sent twice at once are stored once', async () => {
    const { uic, agent } = await newCompetition();
    const [a, b] = await Promise.all([
      sendFiles(agent, uic, meetFiles('lynx.evt')),
      sendFiles(agent, uic, meetFiles('lynx.evt')),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 202]);
    expect(a.body.uploadId).toBe(b.body.uploadId);
  });

  it('sent again after their upload failed are applied again', async () => {
    const { uic, agent } = await newCompetition();
    const evt = await sendFiles(agent, uic, meetFiles('lynx.evt'));
    await settled(agent, evt.body.uploadId);
    await t.runtime.db
      .updateTable('uploads')
      .set({ status: 'failed' })
      .where('id', '=', evt.body.uploadId)
      .execute();
    const again = await sendFiles(agent, uic, meetFiles('lynx.evt'));
    expect(again.status).toBe(202);
    expect(again.body.uploadId).not.toBe(evt.body.uploadId);
  });
});

const statusReport = (held: number): AgentStatusReport => ({
  state: 'running',
  version: '1.1.0',
  host: 'FINISH-PC',
  platform: 'win32',
  folder: 'C:\\Lynx',
  queue: 0,
  filesToday: 4,
  held,
  lastFile: {
    name: '001-1-01.lif',
    outcome: 'published',
    detail: 'heat 1',
    at: new Date().toISOString(),
  },
  lastError: null,
  scoreboard: null,
});

describe('the agent’s status', () => {
  it('is kept with its token for the console', async () => {
    const { uic, agent, tokenId } = await newCompetition();
    const report = statusReport(2);
    const res = await agent.json<AgentStatusAnswer>('/api/agent/status', {
      method: 'POST',
      json: report,
    });
    expect(res).toMatchObject({ status: 200, body: { sendHeld: false } });
    const { body } = await admin.json<CompetitionToken[]>(`/api/admin/competitions/${uic}/tokens`);
    expect(body.find((x) => x.id === tokenId)?.agent).toMatchObject({
      ...report,
      seenAt: expect.any(String),
    });
    // An agent from before `held` holds nothing back.
    const older: Partial<AgentStatusReport> = { ...report };
    delete older.held;
    expect((await agent.fetch('/api/agent/status', { method: 'POST', json: older })).status).toBe(
      200,
    );
    const again = await admin.json<CompetitionToken[]>(`/api/admin/competitions/${uic}/tokens`);
    expect(again.body.find((x) => x.id === tokenId)?.agent?.held).toBe(0);
    const bad = await agent.fetch('/api/agent/status', {
      method: 'POST',
      json: { state: 'dancing' },
    });
    expect(bad.status).toBe(400);
  });

  it('answers "send held files" once the club’s admin asks, until the agent holds none', async () => {
    const { agent, tokenId } = await newCompetition();
    const report = (held: number) =>
      agent.json<AgentStatusAnswer>('/api/agent/status', {
        method: 'POST',
        json: statusReport(held),
      });
    const ask = (client: AdminClient, id = tokenId) =>
      client.fetch(`/api/admin/tokens/${id}/send-held`, { method: 'POST' });
    expect((await report(3)).body).toEqual({ sendHeld: false });

    // Only an admin of the token's club, from the site's own pages, may ask.
    const { admin: stranger } = await clubWithAdmin(t.runtime.db);
    expect((await ask(await loggedIn(t.url, stranger.email))).status).toBe(404);
    expect((await ask(agent)).status).toBe(401);
    const crossSite = await admin.fetch(`/api/admin/tokens/${tokenId}/send-held`, {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await ask(admin, crypto.randomUUID())).status).toBe(404);
    expect((await report(3)).body).toEqual({ sendHeld: false });

    expect((await ask(admin)).status).toBe(204);
    // Handed out until the agent reports none held: a lost answer loses nothing.
    expect((await report(3)).body).toEqual({ sendHeld: true });
    expect((await report(3)).body).toEqual({ sendHeld: true });
    expect((await report(0)).body).toEqual({ sendHeld: false });
    expect((await report(3)).body).toEqual({ sendHeld: false });
  });
});

describe('the scoreboard feed', () => {
  async function post(agent: TokenClient, update: ScoreboardUpdate) {
    return agent.json<ScoreboardAnswer>('/api/agent/scoreboard', { method: 'POST', json: update });
  }

  it('shows a heat’s lines as unofficial results until its results file makes them official', async () => {
    const { uic, agent } = await newCompetition();
    await settled(agent, (await sendFiles(agent, uic, meetFiles('lynx.evt'))).body.uploadId);
    const before = await heatOf(uic, 2);
    expect(before.live).toBeNull();

    const first = await post(agent, scoreboard(2, [line('1', '2122', '3', '14.53')]));
    expect(first.body).toEqual({ outcome: 'published', eventId: before.id, reason: null });
    let heat = await heatOf(uic, 2);
    expect(heat.status).toBe('unofficial');
    expect(heat.results).toEqual([]);
    // The start list names the athlete better than the scoreboard's "RUNNER 2122".
    expect(heat.live?.rows).toEqual([
      expect.objectContaining({
        rank: '1',
        bib: '2122',
        name: 'Isaiah Thompson',
        performance: '14.53',
      }),
    ]);
    expect(heat.live?.wind).toBe('+1.1');

    // More lines captured; a line that is not a result yet is left out; the same update
    // again changes nothing.
    const update = scoreboard(2, [
      line('1', '2122', '3', '14.53'),
      line('2', '2815', '2', '14.87'),
      line('', '2219', '4', ''),
    ]);
    await post(agent, update);
    heat = await heatOf(uic, 2);
    expect(heat.live?.rows.map((r) => r.bib)).toEqual(['2122', '2815']);
    await post(agent, update);
    expect((await heatOf(uic, 2)).version).toBe(heat.version);

    const file = await sendFiles(agent, uic, meetFiles('001-1-02.lif'));
    await settled(agent, file.body.uploadId);
    heat = await heatOf(uic, 2);
    expect(heat.status).toBe('official');
    expect(heat.live).toBeNull();
    expect(heat.results.map((r) => r.name)).toContain('Isaiah Thompson');

    const late = await post(agent, scoreboard(2, [line('1', '2122', '3', '14.50')]));
    expect(late.body.outcome).toBe('ignored');
    expect(late.body.reason).toMatch(/official results are in/);
    expect((await heatOf(uic, 2)).version).toBe(heat.version);
  });

  it('never breaks a heat’s results with lines it cannot read', async () => {
    const { uic, agent } = await newCompetition();
    await settled(agent, (await sendFiles(agent, uic, meetFiles('lynx.evt'))).body.uploadId);
    const heat = await heatOf(uic, 1);

    const nowhere = await post(agent, {
      ...scoreboard(1, [line('1', '1', '1', '10.00')]),
      heat: { eventNumber: 99, round: 1, heat: 1, eventName: 'Mystery' },
    });
    expect(nowhere.body.outcome).toBe('ignored');
    expect(nowhere.body.reason).toMatch(/event 99/);

    const garbage = await post(
      agent,
      scoreboard(1, [line('x1', '2101', '1', 'fast'), line('1', '2101', '1', '14.41')]),
    );
    expect(garbage.body.outcome).toBe('published');
    expect((await heatOf(uic, 1)).live?.rows.map((r) => r.performance)).toEqual(['14.41']);

    const malformed = await agent.fetch('/api/agent/scoreboard', {
      method: 'POST',
      json: { type: 'results', heat: { eventNumber: 'one' }, rows: 'all' },
    });
    expect(malformed.status).toBe(400);
    const tooMany = await agent.fetch('/api/agent/scoreboard', {
      method: 'POST',
      json: scoreboard(
        1,
        Array.from({ length: 201 }, (_, i) => line(String(i + 1), String(i), '1', '10.00')),
      ),
    });
    expect(tooMany.status).toBe(400);
    expect((await heatOf(uic, 1)).live?.rows).toHaveLength(1);
    expect(heat.live).toBeNull();

    // Once the heat's file is in, neither lines nor garbage touch its results.
    await settled(agent, (await sendFiles(agent, uic, meetFiles('001-1-01.lif'))).body.uploadId);
    const official = await heatOf(uic, 1);
    expect(official.live).toBeNull();
    for (const rows of [[line('1', '9999', '9', '9.99')], [line('??', '', '', 'x')]]) {
      expect((await post(agent, scoreboard(1, rows))).body.outcome).toBe('ignored');
    }
    expect(await heatOf(uic, 1)).toEqual(official);
  });

  it('gives way to results written any other way, which stay when the results go', async () => {
    const { uic, agent } = await newCompetition();
    await settled(agent, (await sendFiles(agent, uic, meetFiles('lynx.evt'))).body.uploadId);
    await post(agent, scoreboard(2, [line('1', '2122', '3', '14.53')]));
    const heat = await heatOf(uic, 2);
    expect(heat.live?.rows).toHaveLength(1);
    // The admin puts the results on from the event's own dialog.
    const res = await sendUpload(
      admin,
      `/api/admin/events/${heat.id}/upload-results`,
      meetFiles('001-1-02.lif'),
      { type: 'LYNX_MEET_MANAGMENT' },
    );
    await settled(admin, ((await res.json()) as UploadAccepted).uploadId);
    expect((await heatOf(uic, 2)).live).toBeNull();
  });

  /** A heat with a mass start list, watched by a page and by a spectator reading the wire. */
  async function bigHeat() {
    const { uic, agent } = await newCompetition();
    await settled(agent, (await sendFiles(agent, uic, meetFiles('lynx.evt'))).body.uploadId);
    const listed = await heatOf(uic, 2);
    const field = Array.from({ length: 600 }, (_, i) =>
      athlete({ name: `Runner Number ${i + 1}`, bib: String(5000 + i), club: 'Leevale AC' }),
    );
    await updateEvent(t.runtime, listed.id, {
      startListFile: [...listed.startListFile, ...field],
    });
    const heat = await heatOf(uic, 2);
    const page = openLivePage(t.url, uic, heat.id);
    const spectator = await Spectator.connect(t.url);
    /** The websocket frames of Socket.IO's messages as they came (Engine.IO's "4" first). */
    const frames: string[] = [];
    spectator.socket.io.engine.on('packet', ({ type, data }) => {
      if (type === 'message' && typeof data === 'string') frames.push(`4${data}`);
    });
    const ack = await spectator.subscribe({ eventId: heat.id });
    await expect.poll(() => page.status()).toBe('live');
    await expect.poll(() => page.event()?.version).toBe(heat.version);
    const close = () => {
      page.close();
      spectator.close();
    };
    return { uic, agent, heat, page, spectator, frames, ack, close };
  }

  const fetchEvent = async (id: string) =>
    (await (await fetch(`${t.url}/api/events/${id}`)).json()) as PublicEvent;

  it('pushes a big heat’s new lines without its start list, and its page puts the event together', async () => {
    const { agent, heat, page, spectator, frames, close } = await bigHeat();
    // Tens of kilobytes as the API serves it, and as each scoreboard update was pushed once.
    expect(Buffer.byteLength(JSON.stringify(heat))).toBeGreaterThan(50_000);

    // The first lines turn the heat unofficial: the whole event, once.
    await post(agent, scoreboard(2, [line('1', '2122', '3', '14.53')]));
    const unofficial = await fetchEvent(heat.id);
    await spectator.next(
      (m) => m.name === 'event.changed' && m.payload.version === unofficial.version,
    );
    await expect.poll(() => page.event()?.version).toBe(unofficial.version);

    // The next finisher: only the lines, and the event around them, travel.
    await post(
      agent,
      scoreboard(2, [line('1', '2122', '3', '14.53'), line('2', '2815', '2', '14.87')]),
    );
    const fromApi = await fetchEvent(heat.id);
    const pushed = await spectator.next(
      (m) => m.name === 'event.live' && m.payload.version === fromApi.version,
    );
    expect(pushed.payload).not.toHaveProperty('event.startListFile');
    expect(pushed.payload).not.toHaveProperty('event.results');
    const frame = frames.find((f) => f.startsWith('42["event.live"'));
    expect(frame).toBeDefined();
    expect(frame).not.toContain('Runner Number');
    expect(Buffer.byteLength(frame!)).toBeLessThan(4096);

    // The page holds the event the API serves, start list and all.
    await expect.poll(() => page.event()?.version).toBe(fromApi.version);
    expect(page.event()).toEqual(fromApi);
    expect(page.event()?.live?.rows.map((r) => r.name)).toEqual([
      'Isaiah Thompson',
      'Kevin Nguyen',
    ]);
    expect(page.list()?.find((e) => e.id === heat.id)?.version).toBe(fromApi.version);
    close();
  });

  it('coalesces a race’s flood of lines into messages a page can always put together', async () => {
    const { agent, heat, page, spectator, ack, close } = await bigHeat();
    // Finishers one after another, as fast as the agent sends them: the first lines (the
    // whole event) and the next ones meet in the coalescing window.
    const finishers = [
      line('1', '2122', '3', '14.53'),
      line('2', '2815', '2', '14.87'),
      line('3', '2219', '4', '15.02'),
      line('4', '2411', '5', '15.30'),
      line('5', '2513', '6', '15.41'),
      line('6', '2618', '7', '15.77'),
    ];
    for (let n = 1; n <= finishers.length; n++) {
      await post(agent, scoreboard(2, finishers.slice(0, n)));
    }
    const fromApi = await fetchEvent(heat.id);
    await spectator.next((m) => 'version' in m.payload && m.payload.version === fromApi.version);

    // Each message follows what the spectator held: whole, or lines that apply to it.
    let held = ack.ok ? ack.versions[`event:${heat.id}`]! : NaN;
    for (const m of spectator.messages) {
      if (m.name === 'event.changed') held = m.payload.version;
      if (m.name === 'event.live') {
        expect(
          linesApply(m.payload, held),
          `lines ${m.payload.since}..${m.payload.version} on ${held}`,
        ).toBe(true);
        held = m.payload.version;
      }
    }
    expect(held).toBe(fromApi.version);
    expect(spectator.messages.filter((m) => m.name === 'event.outdated')).toEqual([]);
    await expect.poll(() => page.event()?.version).toBe(fromApi.version);
    expect(page.event()).toEqual(fromApi);
    close();
  });

  it('forwards the race clock of a heat it knows', async () => {
    const { uic, agent } = await newCompetition();
    await settled(agent, (await sendFiles(agent, uic, meetFiles('lynx.evt'))).body.uploadId);
    const heat = await heatOf(uic, 1);
    const watching = await Spectator.connect(t.url);
    await watching.subscribe({ eventId: heat.id });
    const clock = await post(agent, {
      type: 'clock',
      heat: { eventNumber: 1, round: 1, heat: 1, eventName: 'Boys 110 Meter Hurdles' },
      state: 'running',
      time: '7.3',
    });
    expect(clock.body).toEqual({ outcome: 'published', eventId: heat.id, reason: null });
    expect((await watching.next((m) => m.name === 'event.clock')).payload).toEqual({
      eventId: heat.id,
      competitionUic: uic,
      state: 'running',
      elapsedMs: 7300,
    });
    watching.close();
    const bad = await post(agent, {
      type: 'clock',
      heat: { eventNumber: 1, round: 1, heat: 1, eventName: '' },
      state: 'running',
      time: 'soon',
    });
    expect(bad.body.outcome).toBe('ignored');
    for (const time of ['99999999999999999999', '24:00:00.1']) {
      const outOfRange = await post(agent, {
        type: 'clock',
        heat: { eventNumber: 1, round: 1, heat: 1, eventName: 'Boys 110 Meter Hurdles' },
        state: 'running',
        time,
      });
      expect(outOfRange).toMatchObject({ status: 400, body: { code: 'invalid' } });
    }
  });
});
