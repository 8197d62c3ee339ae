import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, testConfig, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn, type AdminClient } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { meetFile, publicMeet, uploadBatches } from '../support/meets.ts';
import { accepted, sendUpload, settled } from '../support/uploads.ts';
import { outOfRunningOrder } from '../support/runningOrder.ts';
import type { EventSummary, PublicEvent } from '../../shared/schemas/event.ts';
import type { EventHistory } from '../../shared/schemas/eventHistory.ts';
import type { AdminEvent } from '../../shared/schemas/admin.ts';

// A meet day through the FinishLynx upload path, file after file as the timing room saves
// them: nothing Official before it is complete, no growth called a correction, the meet in
// its running order, names and winds as the stadium has them.

let t: TestApp;
let admin: AdminClient;
let clubUic: number;
const SETTLE_MS = 400;

beforeAll(async () => {
  // The sweep settles a heat that ends short of its start list: soon, here.
  const { recovery } = testConfig();
  t = await startTestApp({
    config: { recovery: { ...recovery, sweepIntervalMs: 100, resultsSettleMs: SETTLE_MS } },
  });
  const { club, admin: user } = await clubWithAdmin(t.runtime.db);
  clubUic = club.uic;
  admin = await loggedIn(t.url, user.email);
});
afterAll(async () => {
  await t?.close();
});

const get = async <T>(path: string) => (await (await fetch(`${t.url}${path}`)).json()) as T;
const listed = (uic: number) => get<EventSummary[]>(`/api/events?competitionUic=${uic}`);
const history = (id: string) => get<EventHistory>(`/api/events/${id}/history`);
const event = (id: string) => get<PublicEvent>(`/api/events/${id}`);
const find = async (uic: number, name: string, heat: number | null = null) => {
  const found = (await listed(uic)).find((e) => e.eventName === name && e.heat === heat);
  if (!found) throw new Error(`no ${name} (heat ${heat})`);
  return found;
};

/** Each file alone, in order, as the agent sends what FinishLynx saves. */
const send = (uic: number, meet: string, ...names: string[]) =>
  uploadBatches(
    admin,
    uic,
    meet,
    names.map((name) => [name]),
  );

async function newMeet() {
  return (await createCompetition(t.runtime.db, clubUic)).uic;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('complete, partial, corrected', () => {
  it('a field event in flights is Official only once every flight lynx.evt announced is in', async () => {
    const uic = await newMeet();
    await send(uic, 'college-indoor', 'lynx.evt', '029-1-01.lff');
    const shot = await find(uic, 'Women Shot Put');
    expect(shot).toMatchObject({ status: 'unofficial', shown: 'live', hasResults: false });
    expect(shot.progress).toEqual({ part: 'flights', done: 1, of: 3 });
    const partial = await event(shot.id);
    // Shown as the event page shows it: unofficial lines, no results yet.
    expect(partial.results).toEqual([]);
    expect(partial.live?.rows).toHaveLength(12);

    await send(uic, 'college-indoor', '029-1-02.lff');
    expect((await event(shot.id)).progress).toEqual({ part: 'flights', done: 2, of: 3 });
    await send(uic, 'college-indoor', '029-1-03.lff');
    const done = await event(shot.id);
    expect(done).toMatchObject({
      status: 'official',
      shown: 'results',
      progress: null,
      live: null,
    });
    expect(done.results).toHaveLength(34);
    const kept = await history(shot.id);
    expect(kept.correctedAt).toBeNull();
    expect(kept.versions.filter((v) => v.correction)).toEqual([]);
  });

  it('a .lif that stops short of its start list waits; the rest is growth, not a correction', async () => {
    const uic = await newMeet();
    await send(uic, 'college-indoor', 'lynx.evt');
    const whole = new TextDecoder().decode(meetFile('college-indoor', '001-1-02.lif'));
    const lines = whole.split('\r\n');
    const half = `${lines.slice(0, 4).join('\r\n')}\r\n`;
    await uploadOne(uic, '001-1-02.lif', half);
    const heat = await find(uic, 'Women 60 Meter Dash', 2);
    expect(heat).toMatchObject({ status: 'unofficial', shown: 'live' });
    expect(heat.progress).toMatchObject({ part: 'athletes', done: 3 });

    await uploadOne(uic, '001-1-02.lif', whole);
    const done = await event(heat.id);
    expect(done).toMatchObject({ status: 'official', progress: null });
    expect((await history(heat.id)).correctedAt).toBeNull();

    // A real correction afterwards is one: a time changed.
    await uploadOne(uic, '001-1-02.lif', whole.replace('7.912', '7.922'));
    expect((await event(heat.id)).correctedAt).not.toBeNull();
  });

  it('a flight taken away in a lynx.evt saved within the same second as the one before is gone', async () => {
    const uic = await newMeet();
    await send(uic, 'college-indoor', 'lynx.evt', '029-1-01.lff', '029-1-02.lff');
    const shot = await find(uic, 'Women Shot Put');
    expect(shot.progress).toEqual({ part: 'flights', done: 2, of: 3 });
    const evt = new TextDecoder().decode(meetFile('college-indoor', 'lynx.evt'));
    const third = evt.indexOf('29,1,3,Women Shot Put');
    const after = evt.indexOf('\r\n30,1,1,', third);
    // FinishLynx saves lynx.evt twice in one second (an edit, then the flight taken away):
    // the clock held still makes the two files' second the same, whatever the machine's pace.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await uploadOne(uic, 'lynx.evt', evt);
      await uploadOne(uic, 'lynx.evt', evt.slice(0, third) + evt.slice(after + 2));
    } finally {
      vi.useRealTimers();
    }
    const official = await until(
      () => event(shot.id),
      (e) => e.status === 'official',
    );
    expect(official).toMatchObject({ status: 'official', progress: null });
  });

  it('a header alone is no heat; a lynx.evt sent again leaves an admin’s status; a flight taken away is not waited for', async () => {
    const uic = await newMeet();
    await send(uic, 'college-indoor', 'lynx.evt');
    const header = new TextDecoder()
      .decode(meetFile('college-indoor', '001-1-01.lif'))
      .split('\r\n')[0];
    await uploadOne(uic, '001-1-01.lif', `${header}\r\n`);
    expect(await find(uic, 'Women 60 Meter Dash', 1)).toMatchObject({
      status: 'unofficial',
      shown: 'startList',
      progress: { part: 'athletes', done: 0, of: 7 },
    });

    // The heat in whole, then held back by the admin (a protest): a lynx.evt saved again
    // (the operator edits another event) does not make it Official again.
    await send(uic, 'college-indoor', '001-1-01.lif');
    const heat = await find(uic, 'Women 60 Meter Dash', 1);
    const { body: all } = await admin.json<AdminEvent[]>(`/api/admin/competitions/${uic}/events`);
    const stored = all.find((e) => e.id === heat.id)!;
    const put = await admin.json<AdminEvent>(`/api/admin/events/${heat.id}`, {
      method: 'PUT',
      json: { ...stored, time: '17:02', status: 'unofficial' },
    });
    expect(put.status).toBe(200);
    const evt = new TextDecoder().decode(meetFile('college-indoor', 'lynx.evt'));
    await uploadOne(uic, 'lynx.evt', evt.replace('Men Pole Vault', 'Men Pole Vault '));
    expect((await event(heat.id)).status).toBe('unofficial');

    // The shot put's third flight taken away in FinishLynx: two flights in are the event.
    await send(uic, 'college-indoor', '029-1-01.lff', '029-1-02.lff');
    const shot = await find(uic, 'Women Shot Put');
    expect(shot.progress).toEqual({ part: 'flights', done: 2, of: 3 });
    const third = evt.indexOf('29,1,3,Women Shot Put');
    const after = evt.indexOf('\r\n30,1,1,', third);
    await uploadOne(uic, 'lynx.evt', evt.slice(0, third) + evt.slice(after + 2));
    // The public read follows the commit's announcement: waited for, not assumed.
    const official = await until(
      () => event(shot.id),
      (e) => e.status === 'official',
    );
    expect(official).toMatchObject({ status: 'official', progress: null });
  });

  it('a heat that ends short of its start list settles Official; an edit never loses its rows', async () => {
    const uic = await newMeet();
    await send(uic, 'college-indoor', 'lynx.evt');
    const lines = new TextDecoder()
      .decode(meetFile('college-indoor', '001-1-03.lif'))
      .split('\r\n');
    // Heat 2 saved (first) while its photo is still read: its last runner has no place, no time.
    const reading = new TextDecoder()
      .decode(meetFile('college-indoor', '001-1-02.lif'))
      .replace('7,400,7,Intrieri,Amanda,SUNY Delhi,8.391', ',400,7,Intrieri,Amanda,SUNY Delhi,');
    await uploadOne(uic, '001-1-02.lif', reading);
    await uploadOne(uic, '001-1-03.lif', `${lines.slice(0, -3).join('\r\n')}\r\n`);
    const heat = await find(uic, 'Women 60 Meter Dash', 3);
    expect(heat.status).toBe('unofficial');
    const settled = await until(
      () => event(heat.id),
      (e) => e.status === 'official',
    );
    expect(settled).toMatchObject({ status: 'official', progress: null });
    expect(settled.results.length).toBe(lines.length - 4);
    // A heat still being read waits far longer: its rows are not Official without marks.
    expect((await find(uic, 'Women 60 Meter Dash', 2)).status).toBe('unofficial');

    // Another heat held in part: the admin renames it, the rows stay; makes it official, they are its results.
    const four = new TextDecoder().decode(meetFile('college-indoor', '001-1-04.lif')).split('\r\n');
    await uploadOne(uic, '001-1-04.lif', `${four.slice(0, 3).join('\r\n')}\r\n`);
    const held = await find(uic, 'Women 60 Meter Dash', 4);
    const { body: all } = await admin.json<AdminEvent[]>(`/api/admin/competitions/${uic}/events`);
    const stored = all.find((e) => e.id === held.id)!;
    // The form sends the whole event back; it needs a time.
    const edit = (changes: Partial<AdminEvent>) =>
      admin.json<AdminEvent>(`/api/admin/events/${held.id}`, {
        method: 'PUT',
        json: { ...stored, time: '17:12', ...changes },
      });
    expect((await edit({ eventName: 'Women 60 m' })).status).toBe(200);
    // Still waiting, or settled meanwhile by the sweep: never lost to the edit.
    const kept = await event(held.id);
    expect(kept.live?.rows ?? kept.results).toHaveLength(2);
    // The form still open on the held heat when the sweep settles it: its save keeps it Official.
    await until(
      () => event(held.id),
      (e) => e.status === 'official',
    );
    expect((await edit({ eventName: 'Women 60 m dash' })).status).toBe(200);
    expect(await event(held.id)).toMatchObject({
      status: 'official',
      eventName: 'Women 60 m dash',
    });
    expect((await event(held.id)).results).toHaveLength(2);
    expect((await edit({ status: 'official' })).status).toBe(200);
    const taken = await event(held.id);
    expect(taken).toMatchObject({ status: 'official', shown: 'results', progress: null });
    expect(taken.results).toHaveLength(2);
  });
});

async function uploadOne(uic: number, name: string, text: string) {
  const bytes = new TextEncoder().encode(text);
  const { uploadId } = await accepted(
    await sendUpload(admin, `/api/admin/competitions/${uic}/upload-lynx`, [{ name, bytes }], {
      field: 'files',
    }),
  );
  return settled(admin, uploadId);
}

describe('the running order, names and winds', () => {
  it.each([
    [
      'college-indoor',
      [
        'lynx.evt',
        '001-1-01.lif',
        '001-1-02.lif',
        '029-1-01.lff',
        '029-1-02.lff',
        '029-1-03.lff',
        '001-2-01.lif',
      ],
    ],
    [
      'us-high-school',
      [
        'lynx.evt',
        'lynx.sch',
        'lynx.ppl',
        '009-1-01.lif',
        '001-1-01.lif',
        '001-1-02.lif',
        '021-1-01.lff',
        '022-1-01.lff',
        '001-2-01.lif',
      ],
    ],
    [
      'polish-youth',
      [
        'lynx.evt',
        '040-1-01.lif',
        '041-1-02.lif',
        '042-1-03.lif',
        '043-1-01.lif',
        '050-1-01.lff',
        '051-1-01.lff',
      ],
    ],
  ])('%s, file after file: in running order, no false "Corrected"', async (meet, files) => {
    const uic = await newMeet();
    await send(uic, meet, ...files);
    const sch = files.includes('lynx.sch')
      ? new TextDecoder().decode(meetFile(meet, 'lynx.sch'))
      : null;
    expect(outOfRunningOrder(await listed(uic), meetFile(meet, 'lynx.evt'), sch)).toBe(0);
    const events = await publicMeet(t.url, uic);
    expect(events.filter((e) => e.correctedAt !== null).map((e) => e.eventName)).toEqual([]);
    expect(events.filter((e) => e.progress !== null).map((e) => e.eventName)).toEqual([]);
  });

  it("a Polish meet's heats and FINAŁ are one race; winds only where the rules measure them", async () => {
    const uic = await newMeet();
    await send(
      uic,
      'polish-youth',
      'lynx.evt',
      '010-1-01.lif',
      '020-1-01.lif',
      '025-1-01.lif',
      '040-1-01.lif',
      '043-1-01.lif',
    );
    const events = await listed(uic);
    expect(
      events.filter((e) => e.eventName === '100m M U16').map((e) => [e.round, e.heat]),
    ).toEqual([
      ['heats', 1],
      ['heats', 2],
      ['heats', 3],
      ['finals', null],
    ]);
    const wind = (name: string) => events.find((e) => e.eventName === name)?.windSpeed;
    expect(wind('100m ppł K U18')).toMatch(/^[+-]\d\.\d$/);
    expect(wind('2000m z przeszk. M U18')).toBeNull();
    expect(wind('sztafeta 4x100m K U16')).toBeNull();
    const relay = await event(events.find((e) => e.eventName === 'sztafeta 4x100m K U16')!.id);
    expect(relay.results[0]).toMatchObject({ name: 'KS Warszawianka', club: 'KS Warszawianka' });
  });

  it('a heat renamed in FinishLynx after it was sent takes its new name', async () => {
    const uic = await newMeet();
    await send(uic, 'college-indoor', 'lynx.evt', '001-1-01.lif');
    const heat = await find(uic, 'Women 60 Meter Dash', 1);
    const renamed = new TextDecoder()
      .decode(meetFile('college-indoor', '001-1-01.lif'))
      .replace('Women 60 Meter Dash', 'Women 60m Dash');
    await uploadOne(uic, '001-1-01.lif', renamed);
    expect((await event(heat.id)).eventName).toBe('Women 60m Dash');
  });
});
