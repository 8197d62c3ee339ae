import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition, createEvent } from '../support/factory.ts';
import { Spectator } from '../support/spectator.ts';
import { accepted, fixture, sendUpload, settled } from '../support/uploads.ts';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import { bookBytes } from '../fixtures/xlsx/book.ts';
import { uploadJob } from '../../server/uploads/job.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function setUp() {
  const { club, admin } = await clubWithAdmin(t.runtime.db);
  const client = await loggedIn(t.url, admin.email);
  const competition = await createCompetition(t.runtime.db, club.uic);
  return { club, client, competition };
}

describe('uploading results', () => {
  it('stores the file, answers 202, parses it in the worker, and pushes the results and the status', async () => {
    const { club, client, competition } = await setUp();
    const event = await createEvent(t.runtime.db, competition.uic, {
      eventName: 'Women 3000m Steeplechase',
    });
    const spectator = await Spectator.connect(t.url);
    await spectator.subscribe({ eventId: event.id });
    const admin = await Spectator.connect(t.url, { cookie: client.cookie!, origin: t.url });
    expect(await admin.subscribe({ clubAdminUic: club.uic })).toMatchObject({ ok: true });

    const res = await sendUpload(
      client,
      `/api/admin/events/${event.id}/upload-results`,
      [{ name: '001-1-01.lif', bytes: fixture('finishlynx', '001-1-01.lif') }],
      { type: 'LYNX_MEET_MANAGMENT' },
    );
    const { uploadId, status } = await accepted(res);
    expect(status).toBe('queued');
    // Stored before the answer: the row and the raw bytes exist.
    const row = await t.runtime.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', uploadId)
      .executeTakeFirstOrThrow();
    expect(row.fileIds).toHaveLength(1);

    const done = await settled(client, uploadId);
    expect(done).toMatchObject({ status: 'published', message: 'Results parsed successfully!' });
    const pushed = await spectator.next(
      (m) => m.name === 'event.changed' && m.payload.event.results.length > 0,
    );
    if (pushed.name !== 'event.changed') throw new Error('unreachable');
    expect(pushed.payload.event).toMatchObject({
      status: 'official',
      resultsFileType: 'LYNX_MEET_MANAGMENT',
      resultsFileName: '001-1-01.lif',
      // A steeplechase: the rules measure no wind there, whatever the gauge read.
      windSpeed: null,
    });
    expect(pushed.payload.event.results[0]).toMatchObject({
      rank: '1',
      bib: '169',
      performance: '11:16.323',
    });
    await admin.next((m) => m.name === 'upload.status' && m.payload.status === 'published');
    const statuses = admin.messages
      .filter((m) => m.name === 'upload.status')
      .map((m) => (m.name === 'upload.status' ? m.payload.status : ''));
    expect(statuses).toEqual(['queued', 'parsing', 'published']);
    spectator.socket.close();
    admin.socket.close();
  });

  it('fails a file that does not parse, with the reason, and leaves the event as it was', async () => {
    const { client, competition } = await setUp();
    const event = await createEvent(t.runtime.db, competition.uic);
    const garbage = new TextEncoder().encode(
      '1,1,1,Women 100,,,\r\nfirst,not a place,\u0001\r\n"unclosed',
    );
    const { uploadId } = await accepted(
      await sendUpload(
        client,
        `/api/admin/events/${event.id}/upload-results`,
        [{ name: 'bad.lif', bytes: garbage }],
        { type: 'LYNX_MEET_MANAGMENT' },
      ),
    );
    const done = await settled(client, uploadId);
    expect(done.status).toBe('failed');
    expect(done.message).toMatch(/^Failed to parse FinishLynx file\. bad\.lif/);
    const after = await t.runtime.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ version: event.version, results: [], status: 'upcoming' });
  });

  it("refuses a file the event's type does not take, saying which files it takes, storing nothing", async () => {
    const { client, competition } = await setUp();
    const event = await createEvent(t.runtime.db, competition.uic);
    const before = (await t.runtime.db.selectFrom('uploads').select('id').execute()).length;
    const res = await sendUpload(
      client,
      `/api/admin/events/${event.id}/upload-results`,
      [{ name: 'results.xml', bytes: new TextEncoder().encode('<results/>') }],
      { type: 'MANUAL' },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'Unsupported file type. Please upload a .xml or .xlsx file.',
      code: 'invalid',
    });
    const startList = await sendUpload(
      client,
      `/api/admin/events/${event.id}/upload-start-list`,
      [{ name: 'list.xml', bytes: new TextEncoder().encode('<x/>') }],
      { type: 'MANUAL' },
    );
    expect(await startList.json()).toMatchObject({
      error: 'Only .xlsx files are supported for manual start lists.',
      code: 'invalid',
    });
    const png = await sendUpload(
      client,
      `/api/admin/events/${event.id}/upload-results`,
      [
        {
          name: 'photo.xlsx',
          bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        },
      ],
      { type: 'MANUAL' },
    );
    expect(await png.json()).toMatchObject({
      error: 'photo.xlsx is not a spreadsheet (an .xlsx file is a zip archive).',
      code: 'invalid',
    });
    expect((await t.runtime.db.selectFrom('uploads').select('id').execute()).length).toBe(before);
  });

  it('publishes an upload once, however often its job is delivered', async () => {
    const { client, competition } = await setUp();
    const event = await createEvent(t.runtime.db, competition.uic);
    const { uploadId } = await accepted(
      await sendUpload(
        client,
        `/api/admin/events/${event.id}/upload-results`,
        [{ name: '005-1-01.lif', bytes: fixture('finishlynx', '005-1-01.lif') }],
        { type: 'LYNX_MEET_MANAGMENT' },
      ),
    );
    await settled(client, uploadId);
    const once = await t.runtime.db
      .selectFrom('events')
      .select('version')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(once.version).toBe(event.version + 1);
    // The job delivered again (as a queue that delivers at least once may): awaited, it
    // neither parses the file again nor writes the event.
    await uploadJob(t.runtime, () => {
      throw new Error('a published upload was parsed again');
    })({ uploadId });
    const again = await t.runtime.db
      .selectFrom('events')
      .select('version')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(again.version).toBe(once.version);
  });
});

describe('uploads the worker cannot finish', () => {
  it('are marked failed once they have used every attempt, not left parsing', async () => {
    const { client, competition } = await setUp();
    const event = await createEvent(t.runtime.db, competition.uic);
    const upload = await t.runtime.db
      .insertInto('uploads')
      .values({
        clubUic: competition.clubUic,
        competitionUic: competition.uic,
        eventId: event.id,
        kind: 'results',
        status: 'parsing',
        attempts: 5,
        createdBy: null,
        message: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.runtime.queue.enqueue('uploads', { uploadId: upload.id }, { jobId: upload.id });
    expect(await settled(client, upload.id)).toMatchObject({
      status: 'failed',
      message: 'The upload could not be processed. Please upload the file again.',
    });
  });

  it('refuses a type field sent after the file', async () => {
    const { client, competition } = await setUp();
    const event = await createEvent(t.runtime.db, competition.uic);
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(fixture('finishlynx', 'other-meet', 'lynx.evt'))]),
      'lynx.evt',
    );
    form.append('type', 'MANUAL');
    const res = await client.fetch(`/api/admin/events/${event.id}/upload-start-list`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'Send the type field before the file.',
      code: 'invalid',
    });
  });
});

describe('a FinishLynx batch', () => {
  it('takes a whole meet of files at once: fourteen sections of one race', async () => {
    const { client, competition } = await setUp();
    const sections = Array.from({ length: 14 }, (_, i) => {
      const text = new TextDecoder().decode(fixture('finishlynx', '005-1-01.lif'));
      return {
        name: `005-1-${String(i + 1).padStart(2, '0')}.lif`,
        bytes: new TextEncoder().encode(text.replace(/^5,1,1,/, `5,1,${i + 1},`)),
      };
    });
    const { uploadId } = await accepted(
      await sendUpload(client, `/api/admin/competitions/${competition.uic}/upload-lynx`, sections, {
        field: 'files',
      }),
    );
    const done = await settled(client, uploadId);
    expect(done).toMatchObject({ status: 'published', message: 'Results parsed successfully!' });
    expect(done.files).toHaveLength(14);
    const { body: events } = await client.json<AdminEvent[]>(
      `/api/admin/competitions/${competition.uic}/events`,
    );
    // One round only: the heats are sections of a timed final.
    expect(events.map((e) => [e.round, e.heat, e.heatCount, e.status])).toEqual(
      Array.from({ length: 14 }, (_, i) => ['finals', i + 1, 14, 'official']),
    );
  });

  it("files each result with its race, and refuses a result that is another meet's event", async () => {
    const { client, competition } = await setUp();
    const files = [
      { name: 'lynx.evt', bytes: fixture('finishlynx', 'other-meet', 'lynx.evt') },
      ...['001-1-01.lif', '035-1-01.lff'].map((name) => ({
        name,
        bytes: fixture('finishlynx', name),
      })),
    ];
    const { uploadId } = await accepted(
      await sendUpload(client, `/api/admin/competitions/${competition.uic}/upload-lynx`, files, {
        field: 'files',
      }),
    );
    const done = await settled(client, uploadId);
    expect(done).toMatchObject({
      status: 'published',
      message: 'Start List and Results parsed successfully! 1 of 3 files could not be used.',
      fileNames: files.map((f) => f.name),
    });
    const report = Object.fromEntries(done.files.map((f) => [f.fileName, f]));
    // The other meet's event 1 is a 60 m hurdles race: the steeplechase is not its result.
    expect(report['001-1-01.lif']).toMatchObject({ outcome: 'refused', events: [] });
    expect(report['001-1-01.lif']!.reason).toContain('"Men 60 Meter Hurdles"');
    expect(report['001-1-01.lif']!.reason).toContain('"Women 3000 Meter Steeplechase"');
    expect(report['035-1-01.lff']).toMatchObject({
      outcome: 'applied',
      contents: 'results',
      events: [
        {
          eventName: 'Women High Jump',
          round: 'finals',
          heat: null,
          created: true,
          rows: 5,
          public: true,
        },
      ],
    });
    const { body: events } = await client.json<AdminEvent[]>(
      `/api/admin/competitions/${competition.uic}/events`,
    );
    expect(events.filter((e) => e.status === 'imported' || e.round === 'unknown')).toEqual([]);
    const run = events.filter((e) => e.eventName === 'Men 3000 Meter Run');
    expect(run.map((e) => [e.round, e.heat, e.heatCount, e.startListFile.length])).toEqual([
      ['finals', 1, 2, 12],
      ['finals', 2, 2, 13],
    ]);
    const hurdles = events.find((e) => e.eventName === 'Men 60 Meter Hurdles');
    expect(hurdles).toMatchObject({ status: 'upcoming', results: [] });

    // The admin may still put it there, choosing the event in its own dialog.
    const explicit = await accepted(
      await sendUpload(
        client,
        `/api/admin/events/${hurdles!.id}/upload-results`,
        [{ name: '001-1-01.lif', bytes: fixture('finishlynx', '001-1-01.lif') }],
        { type: 'LYNX_MEET_MANAGMENT' },
      ),
    );
    expect(await settled(client, explicit.uploadId)).toMatchObject({
      status: 'published',
      message: 'Results parsed successfully!',
    });

    // The same files again update those events instead of adding more.
    const count = events.length;
    const { uploadId: second } = await accepted(
      await sendUpload(client, `/api/admin/competitions/${competition.uic}/upload-lynx`, files, {
        field: 'files',
      }),
    );
    await settled(client, second);
    const { body: after } = await client.json<AdminEvent[]>(
      `/api/admin/competitions/${competition.uic}/events`,
    );
    expect(after).toHaveLength(count);
  });

  it('answers an upload of only lynx.evt as a start list, and refuses a file that is no FinishLynx file without losing the others', async () => {
    const { client, competition } = await setUp();
    const res = await sendUpload(
      client,
      `/api/admin/competitions/${competition.uic}/upload-lynx`,
      [
        { name: 'lynx.evt', bytes: fixture('finishlynx', 'other-meet', 'lynx.evt') },
        { name: 'photo.jpg', bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]) },
        { name: 'empty.lif', bytes: new Uint8Array() },
      ],
      { field: 'files' },
    );
    const answer = await accepted(res);
    expect(answer.files.map((f) => [f.fileName, f.outcome])).toEqual([
      ['photo.jpg', 'refused'],
      ['empty.lif', 'refused'],
    ]);
    expect(answer.files[1]!.reason).toBe('empty.lif is empty.');
    const done = await settled(client, answer.uploadId);
    expect(done.message).toBe('Start List parsed successfully! 2 of 3 files could not be used.');
    expect(done.files.map((f) => [f.fileName, f.outcome])).toEqual([
      ['photo.jpg', 'refused'],
      ['empty.lif', 'refused'],
      ['lynx.evt', 'applied'],
    ]);
    expect(done.fileNames).toEqual(['lynx.evt', 'photo.jpg', 'empty.lif']);
  });
});

describe('spreadsheets and timetables', () => {
  it('publishes a manual results spreadsheet as official, and an XML export as unofficial', async () => {
    const { client, competition } = await setUp();
    const event = await createEvent(t.runtime.db, competition.uic, { eventName: 'Women 100m' });
    const sheet = bookBytes([
      ['Santry Open, Women 100m'],
      [
        'Bib',
        'Rank',
        'Lane',
        'First Name',
        'Last Name',
        'Club',
        'Gender',
        'Result',
        'Reaction Time',
        'Windspeed',
      ],
      ['7', '1', '4', 'Aoife', 'Murphy', 'DCH', 'F', '11.87', '0.151', '+1.2'],
      ['9', '2', '5', 'Sarah', 'Byrne', 'Clonliffe', 'F', '12.02', '0.160', '+1.2'],
    ]);
    const { uploadId } = await accepted(
      await sendUpload(
        client,
        `/api/admin/events/${event.id}/upload-results`,
        [{ name: 'results.xlsx', bytes: sheet }],
        { type: 'MANUAL' },
      ),
    );
    expect(await settled(client, uploadId)).toMatchObject({
      status: 'published',
      message: 'Results XLSX parsed successfully!',
    });
    const { body: events } = await client.json<AdminEvent[]>(
      `/api/admin/competitions/${competition.uic}/events`,
    );
    expect(events[0]).toMatchObject({ status: 'official', resultsFileType: 'MANUAL' });
    expect(events[0]!.results.map((r) => [r.rank, r.name, r.performance])).toEqual([
      ['1', 'Aoife Murphy', '11.87'],
      ['2', 'Sarah Byrne', '12.02'],
    ]);

    const other = await createEvent(t.runtime.db, competition.uic, { eventName: 'Men 100m' });
    const xml = `<?xml version="1.0"?><results><event name="Men 100m" round="Final" wind="-0.4">
      <competitor place="1" bib="3" firstName="Sean" lastName="Doyle" club="Leevale" time="10.31"/>
    </event></results>`;
    const xmlUpload = await accepted(
      await sendUpload(
        client,
        `/api/admin/events/${other.id}/upload-results`,
        [{ name: 'results.xml', bytes: new TextEncoder().encode(xml) }],
        { type: 'LYNX_MEET_MANAGMENT' },
      ),
    );
    expect(await settled(client, xmlUpload.uploadId)).toMatchObject({
      status: 'published',
      message: 'Results XML parsed successfully!',
    });
    const saved = await t.runtime.db
      .selectFrom('events')
      .select(['status', 'windSpeed'])
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ status: 'unofficial', windSpeed: '-0.4' });
  });

  it('creates Auto events from a timetable, marked imported where the round is unknown, and updates them on a second upload', async () => {
    const { client, competition } = await setUp();
    const timetable = bookBytes([
      ['Time', 'Event Name', 'Round', 'Event Type', 'Discipline'],
      ['10:00', 'Women 100m', 'Heats', 'Track', '100'],
      ['10:30', 'Men Long Jump', 'Final', 'Field', 'Long Jump'],
      ['11:00', 'Mixed Relay', 'Exhibition', 'Track', ''],
    ]);
    const send = () =>
      sendUpload(
        client,
        `/api/admin/competitions/${competition.uic}/upload-timetable`,
        [{ name: 'timetable.xlsx', bytes: timetable }],
        { type: 'MANUAL' },
      );
    const { uploadId } = await accepted(await send());
    expect(await settled(client, uploadId)).toMatchObject({ status: 'published' });
    const { body: events } = await client.json<AdminEvent[]>(
      `/api/admin/competitions/${competition.uic}/events`,
    );
    const byName = Object.fromEntries(events.map((e) => [e.eventName, e]));
    expect(byName['Women 100m']).toMatchObject({
      autoCreatedFromTimetable: true,
      status: 'upcoming',
      round: 'heats',
      time: '10:00',
      trackDiscipline: 'ONE_HUNDRED_METER',
    });
    expect(byName['Men Long Jump']).toMatchObject({
      eventType: 'JUMP',
      fieldDiscipline: 'LONG_JUMP',
    });
    expect(byName['Mixed Relay']).toMatchObject({ status: 'imported', round: 'unknown' });
    const competitionRow = await t.runtime.db
      .selectFrom('competitions')
      .select(['timeTableType', 'timeTableFileName'])
      .where('uic', '=', competition.uic)
      .executeTakeFirstOrThrow();
    expect(competitionRow).toEqual({
      timeTableType: 'MANUAL',
      timeTableFileName: 'timetable.xlsx',
    });

    // The admin completes the imported event; the same timetable uploaded again keeps that.
    await t.runtime.db
      .updateTable('events')
      .set({ round: 'finals', trackDiscipline: 'CUSTOM', status: 'upcoming' })
      .where('id', '=', byName['Mixed Relay']!.id)
      .execute();
    const again = await accepted(await send());
    await settled(client, again.uploadId);
    const { body: after } = await client.json<AdminEvent[]>(
      `/api/admin/competitions/${competition.uic}/events`,
    );
    expect(after).toHaveLength(3);
    expect(after.find((e) => e.eventName === 'Mixed Relay')).toMatchObject({
      round: 'finals',
      status: 'upcoming',
      trackDiscipline: 'CUSTOM',
    });
  });

  it('keeps timetables to the plans that have them', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db, 'Recreational');
    const client = await loggedIn(t.url, admin.email);
    const competition = await createCompetition(t.runtime.db, club.uic);
    const res = await sendUpload(
      client,
      `/api/admin/competitions/${competition.uic}/upload-timetable`,
      [{ name: 'timetable.xlsx', bytes: bookBytes([['Time', 'Event Name', 'Round']]) }],
      { type: 'MANUAL' },
    );
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatch(
      /^This feature is not available with your current subscription plan/,
    );
  });
});
