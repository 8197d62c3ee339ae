import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn, type AdminClient } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { fixture } from '../support/uploads.ts';
import type { AdminCompetition, AdminEvent } from '../../shared/schemas/admin.ts';
import type { EventSummary, PublicEvent } from '../../shared/schemas/event.ts';
import type { ImportAnswer } from '../../shared/schemas/exchange.ts';
import { athleteResult } from '../../shared/results/corrections.ts';

// Meets in and out through the HTTP API, on real files: a Norwegian youth meet's OpenTrack
// JSON (trials, heats, names in Norwegian), Hy-Tek entries and a MeetPro results file; each
// export read back into a new competition shows the same results; the PDFs; the mark of
// results sent to the federation and the corrections after it.

let t: TestApp;
let client: AdminClient;
let clubUic: number;
beforeAll(async () => {
  t = await startTestApp();
  const { club, admin } = await clubWithAdmin(t.runtime.db);
  clubUic = club.uic;
  client = await loggedIn(t.url, admin.email);
});
afterAll(async () => {
  await t?.close();
});

const competition = (name: string) =>
  createCompetition(t.runtime.db, clubUic, { competitionName: name, date: '2025-05-21' });

async function importFile(uic: number, bytes: Uint8Array, name: string, dryRun = false) {
  const res = await client.upload(
    `/api/admin/competitions/${uic}/import${dryRun ? '?dryRun=1' : ''}`,
    bytes,
    name,
    'application/octet-stream',
  );
  return { status: res.status, body: (await res.json()) as ImportAnswer & { error?: string } };
}

const adminEvents = async (uic: number) =>
  (await client.json<AdminEvent[]>(`/api/admin/competitions/${uic}/events`)).body;

async function publicEvents(uic: number): Promise<PublicEvent[]> {
  const list = (await (
    await fetch(`${t.url}/api/events?competitionUic=${uic}`)
  ).json()) as EventSummary[];
  return Promise.all(
    list.map(
      async (e) => (await fetch(`${t.url}/api/events/${e.id}`)).json() as Promise<PublicEvent>,
    ),
  );
}

/** What a spectator reads of a competition's results: per event, each row as shown. */
async function shownResults(uic: number) {
  const events = await publicEvents(uic);
  return Object.fromEntries(
    events
      .filter((e) => e.results.length > 0)
      .map((e) => [
        `${e.eventName}|${e.round}|${e.heat ?? ''}`,
        e.results
          .map((row) => ({ name: row.name, club: row.club, ...athleteResult(row, e.eventType) }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      ]),
  );
}

const opentrack = fixture('exchange', 'opentrack-seriestevne-3-2025.json');

describe('import', () => {
  it('previews an OpenTrack meet without a change, imports it, and again changes nothing', async () => {
    const meet = await competition('Seriestevne 3');
    const preview = await importFile(meet.uic, opentrack, 'seriestevne.json', true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ dryRun: true, format: 'opentrack', events: 8 });
    expect(preview.body.athletes).toBeGreaterThan(10);
    expect(preview.body.outcomes.every((o) => o.change === 'created' && o.eventId === null)).toBe(
      true,
    );
    expect(await adminEvents(meet.uic)).toEqual([]);

    const done = await importFile(meet.uic, opentrack, 'seriestevne.json');
    expect(done.status).toBe(200);
    expect(done.body.outcomes.map((o) => o.change)).toEqual(Array(8).fill('created'));
    const events = await publicEvents(meet.uic);
    // The discipline comes from the event code; the name stays the meet's, with it beside.
    const hammer = events.find((e) => e.eventName === 'J15 Slegge (Hammer Throw)');
    expect(hammer).toMatchObject({ eventType: 'JUMP', fieldDiscipline: 'HAMMER_THROW' });
    expect(hammer?.status).toBe('official');
    expect(hammer?.results[0]?.attempts?.length).toBeGreaterThan(0);
    const sixties = events.filter((e) => e.eventName === 'G10 60 meter');
    expect(sixties.map((e) => [e.heat, e.heatCount])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    // One race run in two sections, as the file files them: each section ranks overall.
    expect(sixties[0]?.overall.map((row) => row.performance)).toEqual([
      '10.60',
      '10.64',
      '10.88',
      '11.70',
      '11.85',
      '12.73',
      '12.78',
      '14.97',
    ]);

    const versions = (await adminEvents(meet.uic)).map((e) => e.id).sort();
    const again = await importFile(meet.uic, opentrack, 'seriestevne.json');
    expect(again.body.outcomes.map((o) => o.change)).toEqual(Array(8).fill('unchanged'));
    expect((await adminEvents(meet.uic)).map((e) => e.id).sort()).toEqual(versions);

    // A changed file updates the race that changed, and only it.
    const json = JSON.parse(new TextDecoder().decode(opentrack)) as {
      events: { eventId: string; units: { results: { performance: string }[] }[] }[];
    };
    const race = json.events.find((e) => e.eventId === 'T13')!;
    race.units[0]!.results[0]!.performance = '4:59.99';
    const changed = await importFile(
      meet.uic,
      new TextEncoder().encode(JSON.stringify(json)),
      'seriestevne.json',
    );
    expect(changed.body.outcomes.filter((o) => o.change === 'updated')).toHaveLength(1);
    const mile = (await publicEvents(meet.uic)).find((e) => e.eventName === 'MS 1500 meter');
    expect(mile?.results[0]?.performance).toBe('4:59.99');

    // Another meet's file numbers its events alike (F02, T02): its own events, none of these.
    const youth = await importFile(
      meet.uic,
      fixture('exchange', 'opentrack-built-youth.json'),
      'youth.json',
    );
    expect(youth.status, JSON.stringify(youth.body)).toBe(200);
    expect(youth.body.outcomes.every((o) => o.change === 'created')).toBe(true);
    expect(youth.body.warnings.join(' ')).toMatch(/unofficial: they are saved/);
    const kept = (await publicEvents(meet.uic)).find(
      (e) => e.eventName === 'J15 Slegge (Hammer Throw)',
    );
    expect(kept?.results.map((row) => row.performance)).toEqual(['30.63', '17.24']);
  });

  it('takes Hy-Tek entries as start lists with seeds, and MeetPro results with feet turned into metres', async () => {
    const meet = await competition('CYO Field');
    const entries = await importFile(meet.uic, fixture('exchange', 'hytek-entries.txt'), 'e.txt');
    expect(entries.status, JSON.stringify(entries.body)).toBe(200);
    expect(entries.body).toMatchObject({ format: 'hytek', results: 0 });
    expect(entries.body.entries).toBeGreaterThan(10);
    const javelin = (await publicEvents(meet.uic)).find(
      (e) => e.eventName === 'Boys 5th grade Javelin Throw',
    );
    expect(javelin?.startListFile.map((r) => r.club)).toContain('Holy Trinity CYOKS');

    const results = await importFile(
      meet.uic,
      fixture('exchange', 'meetpro-results-field.csv'),
      'meetpro.csv',
    );
    expect(results.status, JSON.stringify(results.body)).toBe(200);
    expect(results.body.events).toBe(40);
    // The results land on the events the entries made: one javelin, its entries and results.
    const javelins = (await adminEvents(meet.uic)).filter(
      (e) => e.eventName === 'Boys 5th grade Javelin Throw',
    );
    expect(javelins.map((e) => [e.round, e.startListFile.length, e.results.length])).toEqual([
      ['finals', 5, 12],
    ]);
    // Flights in the results: the first fills the entries' event, the second is made.
    const longJumps = (await adminEvents(meet.uic)).filter(
      (e) => e.eventName === 'Boys 6th grade Long Jump',
    );
    expect(longJumps.map((e) => [e.heat, e.status, e.startListFile.length])).toEqual([
      [1, 'official', 4],
      [2, 'official', 0],
    ]);
    const shown = await shownResults(meet.uic);
    const boys5 = shown['Boys 5th grade Javelin Throw|finals|'];
    expect(boys5?.find((r) => r.name === 'Willis Ellis')).toMatchObject({
      place: 1,
      mark: '24.84',
    });
    expect(boys5?.find((r) => r.name === 'Holden Wolfe')).toMatchObject({ code: 'DNS' });
  });

  it('refuses a bad file naming its line, and an unknown one, changing nothing', async () => {
    const meet = await competition('Refusals');
    const broken = new TextEncoder().encode(
      [
        'H;Club meet;5/1/2025;5/1/2025;Meet Manager;',
        'E;T;1;;100;F;;;;F;12.31;M;;1;1;1;;;;;;;Ryan;Aoife;;F;;TUAM;Tuam AC;;;;',
        'E;T;1;;100;F;;;;F;12.9x;M;;2;2;1;;;;;;;Walsh;Ciara;;F;;GCH;Galway City;;;;',
      ].join('\r\n'),
    );
    const bad = await importFile(meet.uic, broken, 'results.txt');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      "The file could not be imported: results.txt, line 3, field 11: E record: cannot read the mark: '12.9x' is not a time.",
    );
    const unknown = await importFile(meet.uic, new TextEncoder().encode('hello\nworld'), 'x.txt');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/Hy-Tek .* OpenTrack .* CSV/);
    expect(await adminEvents(meet.uic)).toEqual([]);
  });

  it('makes each event once when the same file is imported twice at the same moment', async () => {
    const meet = await competition('Double click');
    const csv = new TextEncoder().encode(
      'event,round,heat,name,club,place,mark\nWomen 100m,finals,,Ann Lee,Tuam AC,1,12.01\n',
    );
    const both = await Promise.all([
      importFile(meet.uic, csv, 'r.csv'),
      importFile(meet.uic, csv, 'r.csv'),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.outcomes[0]?.change).sort()).toEqual(['created', 'unchanged']);
    expect(await adminEvents(meet.uic)).toHaveLength(1);
  });

  it('keeps the row cap: an event past it fails the file whole', async () => {
    const meet = await competition('Flood');
    const rows = Array.from({ length: 2001 }, (_, i) => `Women 100m,finals,,Runner ${i + 1}`);
    const csv = new TextEncoder().encode(['event,round,heat,name', ...rows].join('\n'));
    const res = await importFile(meet.uic, csv, 'flood.csv');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/at most 2,000/);
    expect(await adminEvents(meet.uic)).toEqual([]);
  });
});

describe('export, PDFs and results sent', () => {
  it('reads every export back into a new competition as the same public results', async () => {
    const source = await competition('Round trip');
    await importFile(source.uic, opentrack, 'seriestevne.json');
    const expected = await shownResults(source.uic);
    expect(Object.keys(expected).length).toBe(8);
    for (const format of ['opentrack', 'hytek', 'csv'] as const) {
      const res = await fetch(`${t.url}/api/competitions/${source.uic}/export?format=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+"/);
      const copy = await competition(`Round trip ${format}`);
      const back = await importFile(copy.uic, new Uint8Array(await res.arrayBuffer()), format);
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(await shownResults(copy.uic), format).toEqual(expected);
    }
  });

  it('exports and prints public events only, and the admin their hidden ones too', async () => {
    const meet = await competition('Hidden heat');
    await importFile(meet.uic, opentrack, 'seriestevne.json');
    const hammer = (await adminEvents(meet.uic)).find((e) => e.eventName.startsWith('J15'))!;
    await client.json(`/api/admin/events/${hammer.id}`, {
      method: 'PUT',
      json: { ...hammer, visible: false },
    });
    const publicCsv = await (
      await fetch(`${t.url}/api/competitions/${meet.uic}/export?format=csv`)
    ).text();
    expect(publicCsv).not.toContain('J15 Slegge');
    expect(publicCsv).toContain('G14 Slegge');
    const adminCsv = await (
      await client.fetch(`/api/competitions/${meet.uic}/export?format=csv`)
    ).text();
    expect(adminCsv).toContain('J15 Slegge');

    const pdf = await fetch(`${t.url}/api/competitions/${meet.uic}/results.pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((await fetch(`${t.url}/api/events/${hammer.id}/results.pdf`)).status).toBe(404);
    const own = await client.fetch(`/api/events/${hammer.id}/results.pdf`);
    expect(own.status).toBe(200);
    const other = (await adminEvents(meet.uic)).find((e) => e.eventName === 'MS 1500 meter')!;
    const sheet = await fetch(`${t.url}/api/events/${other.id}/results.pdf`);
    expect(sheet.status).toBe(200);
    const etag = sheet.headers.get('etag')!;
    const cached = await fetch(`${t.url}/api/events/${other.id}/results.pdf`, {
      headers: { 'if-none-match': etag },
    });
    expect(cached.status).toBe(304);
  });

  it('carries the corrections made after the results were marked final', async () => {
    const meet = await competition('Sent');
    await importFile(meet.uic, opentrack, 'seriestevne.json');
    const marked = await client.json<AdminCompetition>(
      `/api/admin/competitions/${meet.uic}/results-final`,
      { method: 'PUT', json: { final: true } },
    );
    expect(marked.status).toBe(200);
    expect(marked.body.resultsFinalAt).toEqual(expect.any(String));
    const before = JSON.parse(
      await (await fetch(`${t.url}/api/competitions/${meet.uic}/export?format=opentrack`)).text(),
    ) as { corrections: unknown[] };
    expect(before.corrections).toEqual([]);

    const mile = (await adminEvents(meet.uic)).find((e) => e.eventName === 'MS 1500 meter')!;
    const row = mile.results[0]!;
    await client.json(`/api/admin/events/${mile.id}`, {
      method: 'PUT',
      json: { ...mile, results: [{ ...row, performance: '5:01.20' }] },
    });
    const after = JSON.parse(
      await (await fetch(`${t.url}/api/competitions/${meet.uic}/export?format=opentrack`)).text(),
    ) as { corrections: { eventName: string; changes: string[] }[] };
    expect(after.corrections).toHaveLength(1);
    expect(after.corrections[0]).toMatchObject({ eventName: 'MS 1500 meter' });
    expect(after.corrections[0]!.changes[0]).toContain('5:01.20');
    const csv = await (
      await fetch(`${t.url}/api/competitions/${meet.uic}/export?format=csv`)
    ).text();
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header?.endsWith(',corrections')).toBe(true);
    const corrected = lines.find((line) => line.startsWith('MS 1500 meter,'));
    expect(corrected).toMatch(/\d{4}-\d{2}-\d{2}: .*→ 5:01\.20/);
  });
});
