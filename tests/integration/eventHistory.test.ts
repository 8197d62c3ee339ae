import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { startTestApp, testDbKind, type TestApp } from '../support/app.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../migrations/index.ts';
import { eventHistory, recordVersion } from '../../server/events/history.ts';
import { clubWithAdmin, eventBody, loggedIn, type AdminClient } from '../support/admin.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { settled, sendUpload } from '../support/uploads.ts';
import { meetFile, publicMeet } from '../support/meets.ts';
import { createToken, TokenClient } from '../support/tokens.ts';
import { Spectator } from '../support/spectator.ts';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import type { EventHistory } from '../../shared/schemas/eventHistory.ts';
import type { UploadAccepted } from '../../shared/schemas/upload.ts';
import type { ScoreboardUpdate } from '../../shared/schemas/timingRoom.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import { venueClock } from '../../shared/results/corrections.ts';

// Corrections in the open (issue 16): every change to what an event shows is kept, and a
// change to results already published is a correction, through the real HTTP API.

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

async function history(id: string) {
  const res = await fetch(`${t.url}/api/events/${id}/history`);
  return { status: res.status, body: (await res.json()) as EventHistory };
}

const summaries = (h: EventHistory) => h.versions.map((v) => v.changes.map((c) => c.summary));

/** The admin form's body for an event as it stands, with `changes`. */
async function edit(uic: number, id: string, changes: Partial<AdminEvent>) {
  const { body: list } = await admin.json<AdminEvent[]>(`/api/admin/competitions/${uic}/events`);
  const event = list.find((e) => e.id === id);
  if (!event) throw new Error(`no event ${id}`);
  const res = await admin.json<AdminEvent>(`/api/admin/events/${id}`, {
    method: 'PUT',
    json: {
      ...eventBody(),
      ...event,
      time: event.time ?? '15:00',
      round: event.round === 'unknown' ? 'heats' : event.round,
      ...changes,
    },
  });
  if (res.status !== 200) throw new Error(`edit refused: ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('an event’s history', () => {
  it('keeps the scoreboard’s lines, the official file and a corrected time; only the last is a correction', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic, { liveNow: true });
    const { token } = await createToken(admin, competition.uic);
    const agent = new TokenClient(t.url, token);
    const send = async (name: string) => {
      const res = await sendUpload(
        agent,
        `/api/admin/competitions/${competition.uic}/upload-lynx`,
        [{ name, bytes: meetFile('us-high-school', name) }],
        { field: 'files' },
      );
      await settled(agent, ((await res.json()) as UploadAccepted).uploadId);
    };
    const line = (place: string, bib: string, lane: string, time: string) => ({
      place,
      bib,
      lane,
      name: `RUNNER ${bib}`,
      affiliation: '',
      time,
      reactionTime: '',
    });
    const scoreboard = (rows: ReturnType<typeof line>[]) =>
      agent.json('/api/agent/scoreboard', {
        method: 'POST',
        json: {
          type: 'results',
          heat: { eventNumber: 1, round: 1, heat: 2, eventName: 'Boys 110 Meter Hurdles' },
          wind: '-0.4',
          rows,
        } satisfies ScoreboardUpdate,
      });

    await send('lynx.evt');
    const heat = (await publicMeet(t.url, competition.uic)).find(
      (e) => e.eventName.includes('110') && e.heat === 2,
    )!;
    // A start list changes nothing shown of results: nothing is kept yet.
    expect((await history(heat.id)).body).toEqual({
      eventId: heat.id,
      correctedAt: null,
      versions: [],
    });

    const spectator = await Spectator.connect(t.url);
    await spectator.subscribe({ eventId: heat.id });

    await scoreboard([line('1', '2122', '3', '14.53')]);
    await scoreboard([line('1', '2122', '3', '14.53'), line('2', '2815', '2', '14.87')]);
    await send('001-1-02.lif');
    const official = (await history(heat.id)).body;
    expect(official.correctedAt).toBeNull();
    expect(official.versions.map((v) => [v.status, v.source, v.correction])).toEqual([
      ['official', 'results', false],
      // The scoreboard's first lines turned the heat unofficial; the next lines are not kept.
      ['unofficial', 'live', false],
    ]);
    expect(summaries(official)).toEqual([
      [
        'Status: unofficial → official',
        "The results replaced the scoreboard's unofficial lines",
        'Isaiah Thompson: 14.53 → 14.54',
        'Kevin Nguyen added: 14.88, place 2',
        'Caleb Fischer added: 15.10, place 3',
        'Marcus Coleman added: 15.31, place 4',
        'Adrian Reyes added: 15.63, place 5',
        'Noah Parker added: 16.05, place 6',
        'Connor Daly added: DQ',
      ],
      ['Status: upcoming → unofficial', 'Isaiah Thompson added: 14.53, place 1'],
    ]);

    // The timing room re-reads the photo: Nguyen's time is corrected, and Fischer beat him.
    const stored = await edit(competition.uic, heat.id, {});
    expect((await history(heat.id)).body.versions).toHaveLength(2);
    const corrected = stored.results.map((row) =>
      row.bib === '2815'
        ? { ...row, performance: '15.121', rank: '3' }
        : row.bib === '2219'
          ? { ...row, rank: '2' }
          : row,
    );
    await edit(competition.uic, heat.id, { results: corrected });

    const after = (await history(heat.id)).body;
    const [latest] = after.versions;
    expect(latest).toMatchObject({ status: 'official', source: 'results', correction: true });
    expect(latest!.changes).toEqual([
      expect.objectContaining({
        type: 'athlete',
        change: 'changed',
        key: 'bib:2219',
        fields: ['place'],
        summary: 'Caleb Fischer: place 3 → 2',
      }),
      expect.objectContaining({
        type: 'athlete',
        change: 'changed',
        key: 'bib:2815',
        name: 'Kevin Nguyen',
        fields: ['place', 'mark'],
        before: { place: 2, mark: '14.88', code: null },
        after: { place: 3, mark: '15.13', code: null },
        summary: 'Kevin Nguyen: 14.88 → 15.13, place 2 → 3',
      }),
    ]);
    expect(after.correctedAt).toBe(latest!.at);
    expect(latest!.atVenue).toBe(venueClock(latest!.at));
    expect(Date.now() - Date.parse(latest!.at)).toBeLessThan(60_000);

    // The event says so, read and pushed.
    const event = (await (await fetch(`${t.url}/api/events/${heat.id}`)).json()) as PublicEvent;
    expect(event.correctedAt).toBe(after.correctedAt);
    const pushed = await spectator.next(
      (m): m is Extract<LiveMessage, { name: 'event.changed' }> =>
        m.name === 'event.changed' && m.payload.event.correctedAt !== null,
    );
    expect(pushed.payload.event.correctedAt).toBe(after.correctedAt);
    expect(pushed.payload.version).toBe(latest!.version);
    spectator.close();
  });

  it('makes unofficial results official without a correction, then corrects and disqualifies', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    const rows = [
      athlete({ name: 'Cara Walsh', bib: '3', rank: '1', performance: '24.50' }),
      athlete({ name: 'Anna Byrne', bib: '12', rank: '2', performance: '24.89' }),
      athlete({ name: 'Bea Kelly', bib: '7', rank: '3', performance: '24.95' }),
    ];
    const created = await admin.json<AdminEvent>(
      `/api/admin/competitions/${competition.uic}/events`,
      {
        method: 'POST',
        json: eventBody({
          eventName: "Women's 200m",
          status: 'unofficial',
          resultsFileType: 'MANUAL',
          resultsFileName: 'results.xlsx',
          results: rows,
        }),
      },
    );
    const id = created.body.id;
    await edit(competition.uic, id, { status: 'official' });
    // The event's name and time change nothing shown of its results: not kept.
    await edit(competition.uic, id, { eventName: "Women's 200m Final", time: '16:10' });
    const official = (await history(id)).body;
    // Unofficial results are not shown (the one rule every screen follows): they appear once
    // they are official.
    expect(summaries(official)).toEqual([
      [
        'Status: unofficial → official',
        'Cara Walsh added: 24.50, place 1',
        'Anna Byrne added: 24.89, place 2',
        'Bea Kelly added: 24.95, place 3',
      ],
      ['Status: upcoming → unofficial'],
    ]);
    expect(official.versions.every((v) => !v.correction)).toBe(true);
    expect(official.correctedAt).toBeNull();

    const [cara, anna, bea] = (await edit(competition.uic, id, {})).results;
    await edit(competition.uic, id, {
      results: [cara!, { ...anna!, performance: '25.01' }, bea!],
    });
    await edit(competition.uic, id, {
      results: [cara!, { ...anna!, performance: '25.01' }, { ...bea!, rank: 'DQ' }],
    });
    const corrected = (await history(id)).body;
    expect(summaries(corrected).slice(0, 2)).toEqual([
      ['Bea Kelly: 24.95 → DQ, place 3 → –'],
      ['Anna Byrne: 24.89 → 25.01'],
    ]);
    expect(corrected.versions.map((v) => v.correction)).toEqual([true, true, false, false]);
    expect(corrected.correctedAt).toBe(corrected.versions[0]!.at);
    // Newest first, each version higher than the one after it.
    const versions = corrected.versions.map((v) => v.version);
    expect([...versions].sort((a, b) => b - a)).toEqual(versions);
  });

  it('is not found for an event the public may not see', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    const created = await admin.json<AdminEvent>(
      `/api/admin/competitions/${competition.uic}/events`,
      {
        method: 'POST',
        json: eventBody({
          status: 'official',
          resultsFileType: 'MANUAL',
          results: [athlete({ name: 'Cara Walsh', rank: '1', performance: '24.50' })],
        }),
      },
    );
    const id = created.body.id;
    expect((await history(id)).status).toBe(200);
    await edit(competition.uic, id, { visible: false });
    const hidden = await history(id);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ code: 'not_found' });
    expect((await history(randomUUID())).status).toBe(404);
    expect((await history('not-an-id')).status).toBe(404);
  });

  it('is cached like the other public reads: an ETag, and a 304 while nothing changed', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    const created = await admin.json<AdminEvent>(
      `/api/admin/competitions/${competition.uic}/events`,
      { method: 'POST', json: eventBody() },
    );
    const url = `${t.url}/api/events/${created.body.id}/history`;
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toContain('public');
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    await edit(competition.uic, created.body.id, { status: 'official' });
    const changed = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as EventHistory).versions).toHaveLength(1);
  });
});

describe.runIf(testDbKind() === 'pglite')('migration 0008 on events saved before it', () => {
  it('keeps what each event shows as its first version, so the next change is told against it', async () => {
    const { db, close } = await connectDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0007_follow_and_push')).error).toBeUndefined();
      const club = await createClub(db);
      const competition = await createCompetition(db, club.uic);
      const rows = [
        athlete({ name: 'Cara Walsh', bib: '3', rank: '1', performance: '24.50' }),
        athlete({ name: 'Anna Byrne', bib: '12', rank: '2', performance: '24.89' }),
      ];
      const official = await createEvent(db, competition.uic, {
        status: 'official',
        results: rows,
      });
      const live = await createEvent(db, competition.uic, { status: 'unofficial' });
      await db
        .updateTable('events')
        .set({ live: JSON.stringify({ rows, wind: null, updatedAt: '2026-07-14T12:00:00Z' }) })
        .where('id', '=', live.id)
        .execute();
      const upcoming = await createEvent(db, competition.uic, { status: 'upcoming' });
      await migrateToLatest(db);

      const kept = await db
        .selectFrom('eventVersions')
        .select(['eventId', 'status', 'source', 'correction'])
        .where('eventId', 'in', [official.id, live.id, upcoming.id])
        .execute();
      expect(kept.sort((a, b) => a.source.localeCompare(b.source))).toEqual([
        { eventId: live.id, status: 'unofficial', source: 'live', correction: false },
        { eventId: official.id, status: 'official', source: 'results', correction: false },
      ]);

      const corrected = await db
        .updateTable('events')
        .set({
          results: JSON.stringify([rows[0], { ...rows[1], performance: '25.01' }]),
          version: official.version + 1,
        })
        .where('id', '=', official.id)
        .returning(['id', 'status', 'results', 'live', 'eventType', 'version'])
        .executeTakeFirstOrThrow();
      await recordVersion(db, corrected);
      const history = await eventHistory(db, official.id);
      expect(history.versions.map((v) => v.correction)).toEqual([true, false]);
      expect(history.versions[0]!.changes.map((c) => c.summary)).toEqual([
        'Anna Byrne: 24.89 → 25.01',
      ]);
    } finally {
      await close();
    }
  }, 60_000);
});
