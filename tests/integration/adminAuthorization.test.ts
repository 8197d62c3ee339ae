import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  clubWithAdmin,
  competitionBody,
  eventBody,
  loggedIn,
  samples,
  type AdminClient,
} from '../support/admin.ts';
import { athlete, createCompetition, createEvent } from '../support/factory.ts';
import { accepted, fixture, sendUpload, settled } from '../support/uploads.ts';
import { createToken } from '../support/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Method and path of every route, read from Fastify's own route tree. */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]!.split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${stack.join('')}`);
    }
  }
  return routes;
}

/** Routes anyone may call: the session check, logging in and out, the reset flow, and plan features (public pricing data). */
const openAdminRoutes = new Set([
  'GET /api/admin/session',
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'POST /api/admin/forgot-password',
  'GET /api/admin/validate-reset-password',
  'POST /api/admin/reset-password',
  'GET /api/admin/features',
]);

describe("a user of one club calling every admin route on another club's data", () => {
  it('is refused (403 or 404) everywhere, and the data is unchanged', async () => {
    const db = t.runtime.db;
    const victim = await clubWithAdmin(db);
    const competition = await createCompetition(db, victim.club.uic, { liveNow: false });
    const event = await createEvent(db, competition.uic, { windSpeed: '+0.5' });
    const intruder = await clubWithAdmin(db);
    const client: AdminClient = await loggedIn(t.url, intruder.admin.email);

    const lif = { name: '001-1-01.lif', bytes: fixture('finishlynx', '001-1-01.lif') };
    const evt = { name: 'lynx.evt', bytes: fixture('finishlynx', 'other-meet', 'lynx.evt') };
    const xml = { name: 'timetable.xml', bytes: new TextEncoder().encode('<timetable/>') };
    const lynxType = { type: 'LYNX_MEET_MANAGMENT' };
    const victimClient = await loggedIn(t.url, victim.admin.email);
    const { uploadId: victimUpload } = await accepted(
      await sendUpload(
        victimClient,
        `/api/admin/events/${event.id}/upload-start-list`,
        [evt],
        lynxType,
      ),
    );
    await settled(victimClient, victimUpload);
    const victimToken = await createToken(victimClient, competition.uic);
    // An athlete Rith knows from the victim club's results.
    const ran = await victimClient.json<{ id: string }>(
      `/api/admin/competitions/${competition.uic}/events`,
      {
        method: 'POST',
        json: eventBody({
          status: 'official',
          resultsFileType: 'MANUAL',
          results: [athlete({ name: 'Victim Runner', rank: '1', performance: '12.00' })],
        }),
      },
    );
    const { athleteId: victimAthlete } = await db
      .selectFrom('performances')
      .select('athleteId')
      .where('eventId', '=', ran.body.id)
      .executeTakeFirstOrThrow();

    const snapshot = async () => ({
      uploads: await db
        .selectFrom('uploads')
        .select(['id', 'status'])
        .where('clubUic', '=', victim.club.uic)
        .execute(),
      competitions: await db
        .selectFrom('competitions')
        .selectAll()
        .where('clubUic', '=', victim.club.uic)
        .execute(),
      events: await db
        .selectFrom('events')
        .selectAll()
        .where('competitionUic', '=', competition.uic)
        .execute(),
      files: (await db.selectFrom('files').select('id').execute()).length,
      tokens: await db
        .selectFrom('competitionTokens')
        .selectAll()
        .where('competitionUic', '=', competition.uic)
        .execute(),
    });
    const before = await snapshot();

    const uic = competition.uic;
    const id = event.id;
    const calls: Record<string, () => Promise<Response>> = {
      'GET /api/admin/competitions/:uic/events': () =>
        client.fetch(`/api/admin/competitions/${uic}/events`),
      'POST /api/admin/competitions': () =>
        client.fetch('/api/admin/competitions', {
          method: 'POST',
          json: competitionBody(victim.club.uic),
        }),
      'PUT /api/admin/competitions/:uic': () =>
        client.fetch(`/api/admin/competitions/${uic}`, {
          method: 'PUT',
          json: competitionBody(victim.club.uic, { liveNow: true }),
        }),
      'PATCH /api/admin/competitions/:uic': () =>
        client.fetch(`/api/admin/competitions/${uic}`, {
          method: 'PATCH',
          json: { liveNow: true },
        }),
      'POST /api/admin/competitions/:uic/upload-image': () =>
        client.upload(
          `/api/admin/competitions/${uic}/upload-image`,
          samples.png,
          'x.png',
          'image/png',
        ),
      'DELETE /api/admin/competitions/:uic/delete-image': () =>
        client.fetch(`/api/admin/competitions/${uic}/delete-image`, { method: 'DELETE' }),
      'POST /api/admin/competitions/:uic/events': () =>
        client.fetch(`/api/admin/competitions/${uic}/events`, {
          method: 'POST',
          json: eventBody(),
        }),
      'PUT /api/admin/events/:id': () =>
        client.fetch(`/api/admin/events/${id}`, {
          method: 'PUT',
          json: eventBody({ status: 'official' }),
        }),
      'DELETE /api/admin/events/:id': () =>
        client.fetch(`/api/admin/events/${id}`, { method: 'DELETE' }),
      'POST /api/admin/events/:id/upload-pdf': () =>
        client.upload(
          `/api/admin/events/${id}/upload-pdf`,
          samples.pdf,
          'x.pdf',
          'application/pdf',
        ),
      'POST /api/admin/events/:id/upload-results': () =>
        sendUpload(client, `/api/admin/events/${id}/upload-results`, [lif], lynxType),
      'POST /api/admin/events/:id/upload-start-list': () =>
        sendUpload(client, `/api/admin/events/${id}/upload-start-list`, [evt], lynxType),
      'POST /api/admin/competitions/:uic/upload-timetable': () =>
        sendUpload(client, `/api/admin/competitions/${uic}/upload-timetable`, [xml], lynxType),
      'POST /api/admin/competitions/:uic/upload-lynx': () =>
        sendUpload(client, `/api/admin/competitions/${uic}/upload-lynx`, [lif], { field: 'files' }),
      'GET /api/admin/uploads/:id': () => client.fetch(`/api/admin/uploads/${victimUpload}`),
      'POST /api/admin/competitions/:uic/tokens': () =>
        client.fetch(`/api/admin/competitions/${uic}/tokens`, {
          method: 'POST',
          json: { name: 'intruder' },
        }),
      'GET /api/admin/competitions/:uic/tokens': () =>
        client.fetch(`/api/admin/competitions/${uic}/tokens`),
      'DELETE /api/admin/tokens/:id': () =>
        client.fetch(`/api/admin/tokens/${victimToken.id}`, { method: 'DELETE' }),
      'POST /api/admin/tokens/:id/send-held': () =>
        client.fetch(`/api/admin/tokens/${victimToken.id}/send-held`, { method: 'POST' }),
      'DELETE /api/admin/events/:id/delete-pdf': () =>
        client.fetch(`/api/admin/events/${id}/delete-pdf`, { method: 'DELETE' }),
      'PUT /api/admin/events/:id/line-up': () =>
        client.fetch(`/api/admin/events/${id}/line-up`, {
          method: 'PUT',
          json: { rows: [{ id: 'r1', lane: '4' }] },
        }),
      'PUT /api/admin/events/:id/progression': () =>
        client.fetch(`/api/admin/events/${id}/progression`, {
          method: 'PUT',
          json: { byPlace: 2, byTime: 2 },
        }),
      'POST /api/admin/competitions/:uic/combined-events': () =>
        client.fetch(`/api/admin/competitions/${uic}/combined-events`, {
          method: 'POST',
          json: { name: 'Decathlon', kind: 'DECATHLON', eventIds: [id] },
        }),
      'PUT /api/admin/competitions/:uic/team-scoring': () =>
        client.fetch(`/api/admin/competitions/${uic}/team-scoring`, { method: 'PUT', json: {} }),
      'GET /api/admin/competitions/:uic/team-scoring': () =>
        client.fetch(`/api/admin/competitions/${uic}/team-scoring`),
      'PUT /api/admin/competitions/:uic/records': () =>
        client.fetch(`/api/admin/competitions/${uic}/records`, {
          method: 'PUT',
          json: { records: [] },
        }),
      'GET /api/admin/competitions/:uic/records': () =>
        client.fetch(`/api/admin/competitions/${uic}/records`),
      'POST /api/admin/athletes/:id/merge': () =>
        client.fetch(`/api/admin/athletes/${victimAthlete}/merge`, {
          method: 'POST',
          json: { into: victimAthlete },
        }),
      'DELETE /api/admin/athletes/:id/merge': () =>
        client.fetch(`/api/admin/athletes/${victimAthlete}/merge`, { method: 'DELETE' }),
      'POST /api/admin/competitions/:uic/import': () =>
        client.upload(
          `/api/admin/competitions/${uic}/import`,
          new TextEncoder().encode('event,name\nWomen 100m,Ann Lee\n'),
          'entries.csv',
          'text/csv',
        ),
      'PUT /api/admin/competitions/:uic/results-final': () =>
        client.fetch(`/api/admin/competitions/${uic}/results-final`, {
          method: 'PUT',
          json: { final: true },
        }),
    };

    // Listings are scoped rather than refused: the other club's rows are simply absent.
    const lists: Record<string, (body: unknown) => void> = {
      'GET /api/admin/clubs': (body) =>
        expect((body as { clubs: { uic: number }[] }).clubs.map((c) => c.uic)).toEqual([
          intruder.club.uic,
        ]),
      'GET /api/admin/competitions': (body) =>
        expect((body as { uic: number }[]).map((c) => c.uic)).not.toContain(uic),
    };

    const adminRoutes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.includes('/api/admin/') && !openAdminRoutes.has(r),
    );
    expect(adminRoutes.sort()).toEqual([...Object.keys(calls), ...Object.keys(lists)].sort());

    for (const [route, call] of Object.entries(calls)) {
      const res = await call();
      expect([403, 404], route).toContain(res.status);
      expect(await res.json(), route).toHaveProperty('error');
    }
    for (const [route, check] of Object.entries(lists)) {
      const res = await client.fetch(route.split(' ')[1]!);
      expect(res.status, route).toBe(200);
      check(await res.json());
    }
    expect(await snapshot()).toEqual(before);
  });
});
