import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { adminWithEvent, eventBody } from '../support/admin.ts';
import { athlete } from '../support/factory.ts';
import { accepted, fixture, sendUpload, settled } from '../support/uploads.ts';
import { bookBytes } from '../fixtures/xlsx/book.ts';
import {
  EVENT_CAP_MESSAGE,
  MAX_COMPETITION_EVENTS,
  MAX_EVENT_ROWS,
  NOTHING_APPLIED,
  ROW_CAP_MESSAGE,
} from '../../shared/rowCap.ts';
import { saveScoreboardResults } from '../../server/events/live.ts';
import { RowCapExceeded, updateEvent } from '../../server/events/service.ts';

// One cap on the rows of an event (shared/rowCap.ts), whichever way the rows come: files
// built to flood every spectator with one event's rows are refused whole, with a report that
// names the event and the cap.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const encode = (text: string) => new TextEncoder().encode(text);

const setUp = () => adminWithEvent(t.runtime.db, t.url);

const stored = (id: string) =>
  t.runtime.db
    .selectFrom('events')
    .select(['version', 'results', 'startListFile', 'live'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const eventsOf = (competitionUic: number) =>
  t.runtime.db
    .selectFrom('events')
    .select(['id', 'eventName', 'results', 'startListFile'])
    .where('competitionUic', '=', competitionUic)
    .orderBy('eventName')
    .execute();

/** A 4.9 MB meet-management export: one event with 50,453 competitors. */
function floodXml(): Uint8Array {
  const lines = ['<?xml version="1.0"?><results><event name="Men 100m" round="Final">'];
  for (let i = 1; i <= 50_453; i++) {
    lines.push(
      `<competitor place="${i}" bib="${i}" firstName="A" lastName="B${i}" club="Leevale" time="10.31"/>`,
    );
  }
  lines.push('</event></results>');
  return encode(lines.join('\n'));
}

/** A 2 MB .lif: a header, then 200,000 lines of `1,,,,,,9`. */
const floodLif = () => encode('1,1,1,Men 100m\r\n' + '1,,,,,,9\r\n'.repeat(200_000));

describe('the row cap on uploads', () => {
  it('refuses a 4.9 MB XML of 50,453 rows, naming the event and the cap, and applies nothing', async () => {
    const { client, event } = await setUp();
    const xml = floodXml();
    expect(xml.byteLength).toBeGreaterThan(4.5 * 1024 * 1024);
    const { uploadId } = await accepted(
      await sendUpload(
        client,
        `/api/admin/events/${event.id}/upload-results`,
        [{ name: 'flood.xml', bytes: xml }],
        { type: 'LYNX_MEET_MANAGMENT' },
      ),
    );
    const done = await settled(client, uploadId);
    expect(done.status).toBe('failed');
    const reason =
      'The event "Men 100m" has 50,453 rows: an event holds at most 2,000. ' +
      'Nothing of the file was applied.';
    expect(done.message).toBe(`Failed to parse XML file. flood.xml: ${reason}`);
    expect(done.files).toEqual([expect.objectContaining({ fileName: 'flood.xml', reason })]);
    expect(await stored(event.id)).toMatchObject({ version: event.version, results: [] });
  });

  it('refuses a 2 MB .lif of 200,000 rows sent to an event, and in a FinishLynx batch', async () => {
    const { client, competition, event } = await setUp();
    const lif = floodLif();
    const reason =
      'The event "Men 100m" (event 1, round 1, heat 1) has 200,000 rows: an event holds at ' +
      'most 2,000. Nothing of the file was applied.';

    const single = await accepted(
      await sendUpload(
        client,
        `/api/admin/events/${event.id}/upload-results`,
        [{ name: '001-1-01.lif', bytes: lif }],
        { type: 'LYNX_MEET_MANAGMENT' },
      ),
    );
    const failed = await settled(client, single.uploadId);
    expect(failed.status).toBe('failed');
    expect(failed.files).toEqual([expect.objectContaining({ outcome: 'refused', reason })]);
    expect(await stored(event.id)).toMatchObject({ version: event.version, results: [] });

    const batch = await accepted(
      await sendUpload(
        client,
        `/api/admin/competitions/${competition.uic}/upload-lynx`,
        [{ name: '001-1-01.lif', bytes: lif }],
        { field: 'files' },
      ),
    );
    const refused = await settled(client, batch.uploadId);
    expect(refused.status).toBe('failed');
    expect(refused.files).toEqual([
      expect.objectContaining({ fileName: '001-1-01.lif', outcome: 'refused', reason }),
    ]);
    // The batch made no event of it: the competition has only the event it had.
    expect((await eventsOf(competition.uic)).map((e) => e.id)).toEqual([event.id]);
  });

  it("refuses a whole lynx.evt when one race's start list is over the cap, and keeps the other files", async () => {
    const { client, competition } = await setUp();
    const entrants = (n: number) =>
      Array.from({ length: n }, (_, i) => `,${i + 1},${(i % 8) + 1},Runner${i + 1},Pat,Club`);
    const evt = [
      '1,1,1,Women 100m',
      ...entrants(8),
      '2,1,1,Men 5000m',
      ...entrants(MAX_EVENT_ROWS + 1),
    ].join('\r\n');
    const lif = '3,1,1,Women 200m\r\n1,7,4,Quinn,Orla,Club,24.10\r\n';
    const { uploadId } = await accepted(
      await sendUpload(
        client,
        `/api/admin/competitions/${competition.uic}/upload-lynx`,
        [
          { name: 'lynx.evt', bytes: encode(evt) },
          { name: '003-1-01.lif', bytes: encode(lif) },
        ],
        { field: 'files' },
      ),
    );
    const done = await settled(client, uploadId);
    expect(done.status).toBe('published');
    const evtReport = done.files.find((f) => f.fileName === 'lynx.evt');
    expect(evtReport).toMatchObject({ outcome: 'refused' });
    expect(evtReport?.reason).toContain(
      'The event "Men 5000m" (event 2, round 1, heat 1) has 2,001 rows: an event holds at most 2,000.',
    );
    // Nothing of lynx.evt: not even its first, small race.
    expect((await eventsOf(competition.uic)).map((e) => e.eventName)).not.toContain('Women 100m');
    expect(done.files.find((f) => f.fileName === '003-1-01.lif')).toMatchObject({
      outcome: 'applied',
    });
  });

  it("refuses a FieldLynx flight whose rows, with the other flights', pass the cap", async () => {
    const { client, competition } = await setUp();
    const flight = (n: number, count: number) =>
      encode(
        [
          `35,1,${n},Women Long Jump,metric,`,
          ...Array.from(
            { length: count },
            (_, i) =>
              `${i + 1},${n * 10_000 + i},${i + 1},${i + 1},Jumper${i},Ann,"Club",5.10,+0.4`,
          ),
        ].join('\r\n'),
      );
    const send = async (n: number) => {
      const { uploadId } = await accepted(
        await sendUpload(
          client,
          `/api/admin/competitions/${competition.uic}/upload-lynx`,
          [{ name: `035-1-0${n}.lff`, bytes: flight(n, 1200) }],
          { field: 'files' },
        ),
      );
      return settled(client, uploadId);
    };
    expect((await send(1)).status).toBe('published');
    const second = await send(2);
    expect(second.status).toBe('failed');
    expect(second.files[0]?.reason).toMatch(
      /^The event "Women Long Jump" \(event 35, round 1, flight 2\) has 2,400 rows: an event holds at most 2,000\. Nothing of the file was applied\.$/,
    );
    // The first flight stays as it was: 1,200 rows, none of the second's.
    const jump = (await eventsOf(competition.uic)).find((e) => e.eventName === 'Women Long Jump');
    expect(jump?.results).toHaveLength(1200);
  });

  it('refuses a timetable that would create more events than the cap', async () => {
    const { client, competition } = await setUp();
    const rows = Array.from({ length: MAX_EVENT_ROWS + 1 }, (_, i) => [
      '10:00',
      `Race ${i + 1}`,
      'Final',
      'Track',
      '100',
    ]);
    const timetable = bookBytes([
      ['Time', 'Event Name', 'Round', 'Event Type', 'Discipline'],
      ...rows,
    ]);
    const { uploadId } = await accepted(
      await sendUpload(
        client,
        `/api/admin/competitions/${competition.uic}/upload-timetable`,
        [{ name: 'timetable.xlsx', bytes: timetable }],
        { type: 'MANUAL' },
      ),
    );
    const done = await settled(client, uploadId);
    expect(done.status).toBe('failed');
    expect(done.message).toContain(
      'The timetable lists 2,001 events: a timetable creates at most 2,000. Nothing of the file was applied.',
    );
    expect(await eventsOf(competition.uic)).toHaveLength(1);
  });
});

describe('the cap on events per competition', () => {
  it('refuses one event more from the admin and from a FinishLynx folder, and still takes results for the events it has', async () => {
    const { client, competition, event } = await setUp();
    await t.runtime.db
      .insertInto('events')
      .values(
        Array.from({ length: MAX_COMPETITION_EVENTS - 1 }, (_, i) => ({
          competitionUic: competition.uic,
          eventName: `Race ${i + 2}`,
          eventType: 'ATHLETICS' as const,
        })),
      )
      .execute();

    const created = await client.json(`/api/admin/competitions/${competition.uic}/events`, {
      method: 'POST',
      json: eventBody(),
    });
    expect(created).toMatchObject({
      status: 400,
      body: { code: 'invalid', error: EVENT_CAP_MESSAGE },
    });

    const batch = await accepted(
      await sendUpload(
        client,
        `/api/admin/competitions/${competition.uic}/upload-lynx`,
        [{ name: '001-1-01.lif', bytes: fixture('finishlynx', '001-1-01.lif') }],
        { field: 'files' },
      ),
    );
    const refused = await settled(client, batch.uploadId);
    expect(refused.files).toEqual([
      expect.objectContaining({
        outcome: 'refused',
        reason: `${EVENT_CAP_MESSAGE} ${NOTHING_APPLIED}`,
      }),
    ]);
    const timetable = await accepted(
      await sendUpload(
        client,
        `/api/admin/competitions/${competition.uic}/upload-timetable`,
        [
          {
            name: 'timetable.xlsx',
            bytes: bookBytes([
              ['Time', 'Event Name', 'Round', 'Event Type', 'Discipline'],
              ['10:00', 'Girls 100m', 'Final', 'Track', '100'],
            ]),
          },
        ],
        { type: 'MANUAL' },
      ),
    );
    const timetableRefused = await settled(client, timetable.uploadId);
    expect(timetableRefused.status).toBe('failed');
    expect(timetableRefused.files).toEqual([
      expect.objectContaining({
        outcome: 'refused',
        reason: `${EVENT_CAP_MESSAGE} ${NOTHING_APPLIED}`,
      }),
    ]);
    expect(await eventsOf(competition.uic)).toHaveLength(MAX_COMPETITION_EVENTS);

    const results = [athlete({ name: 'Ciara Neville', rank: '1', performance: '11.41' })];
    const saved = await client.json(`/api/admin/events/${event.id}`, {
      method: 'PUT',
      json: eventBody({ resultsFileType: 'MANUAL', results }),
    });
    expect(saved.status).toBe(200);
  });
});

describe('the row cap on every other path', () => {
  it('refuses the admin PUT of an event with more rows, with the same rule', async () => {
    const { client, event } = await setUp();
    const rows = Array.from({ length: MAX_EVENT_ROWS + 1 }, (_, i) =>
      athlete({ name: `Runner ${i}`, rank: String(i + 1) }),
    );
    const res = await client.json(`/api/admin/events/${event.id}`, {
      method: 'PUT',
      json: eventBody({ resultsFileType: 'MANUAL', results: rows }),
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: `results: ${ROW_CAP_MESSAGE}`, code: 'invalid_request' },
    });
  });

  it("refuses the scoreboard's lines past the cap, and any write of an event past it", async () => {
    const { competition, event } = await setUp();
    const line = (i: number) => ({
      place: String(i + 1),
      lane: '1',
      bib: String(i + 1),
      name: `RUNNER ${i + 1}`,
      affiliation: '',
      time: '12.00',
      reactionTime: '',
    });
    await expect(
      saveScoreboardResults(t.runtime, competition.uic, {
        type: 'results',
        heat: { eventNumber: 1, round: 1, heat: 1, eventName: 'Men 100m' },
        wind: null,
        rows: Array.from({ length: MAX_EVENT_ROWS + 1 }, (_, i) => line(i)),
      }),
    ).rejects.toThrow(
      "The scoreboard's event 1, round 1, heat 1 has 2,001 rows: an event holds at most 2,000.",
    );

    const rows = Array.from({ length: MAX_EVENT_ROWS + 1 }, (_, i) => athlete({ name: `R${i}` }));
    await expect(updateEvent(t.runtime, event.id, { startListFile: rows })).rejects.toThrow(
      RowCapExceeded,
    );
    expect(await stored(event.id)).toMatchObject({ version: event.version, startListFile: [] });
    // At the cap itself, the write goes through.
    await updateEvent(t.runtime, event.id, { startListFile: rows.slice(0, MAX_EVENT_ROWS) });
    expect((await stored(event.id)).startListFile).toHaveLength(MAX_EVENT_ROWS);
  });
});
