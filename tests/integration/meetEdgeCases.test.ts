import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn, type AdminClient } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { accepted, sendUpload, settled } from '../support/uploads.ts';
import { published, publicMeet } from '../support/meets.ts';
import type { UploadView } from '../../shared/schemas/upload.ts';

// What real timing rooms do that the whole test meets do not: several uploads at once,
// lynx.evt sent again after the meet is seeded again, a session reusing event numbers,
// flights run as events of their own, a field event FinishLynx does not name, a header with
// no name, a Polish heat whose every ą and ę lost its high byte.

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

const file = (name: string, ...lines: string[]) => ({
  name,
  bytes: new TextEncoder().encode(lines.join('\r\n') + '\r\n'),
});

/** A heat's .lif: finishers in order, ten seconds and a bit each. */
const lif = (name: string, header: string, runners: string[]) =>
  file(
    name,
    header,
    ...runners.map(
      (runner, i) => `${i + 1},${100 + i},${i + 1},${runner},Ann,Club,1${i}.${100 + i * 7}`,
    ),
  );

async function send(uic: number, files: { name: string; bytes: Uint8Array }[]) {
  const res = await sendUpload(client, `/api/admin/competitions/${uic}/upload-lynx`, files, {
    field: 'files',
  });
  return settled(client, (await accepted(res)).uploadId, 60_000);
}

async function meet(uic: number) {
  return (await publicMeet(t.url, uic)).sort(
    (a, b) => a.eventName.localeCompare(b.eventName) || (a.heat ?? 0) - (b.heat ?? 0),
  );
}

describe('uploads of one meet', () => {
  it('sent at once, count every heat: each upload sees the races the others saved', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    const heats = [1, 2, 3, 4, 5, 6].map((h) =>
      lif(`001-1-0${h}.lif`, `1,1,${h},Women 400m,,,,,,400`, [`Runner${h}a`, `Runner${h}b`]),
    );
    const done = await Promise.all(heats.map((heat) => send(competition.uic, [heat])));
    expect(done.map((u) => u.status)).toEqual(Array(6).fill('published'));
    const events = await meet(competition.uic);
    expect(events.map((e) => [e.round, e.heat, e.heatCount])).toEqual(
      [1, 2, 3, 4, 5, 6].map((h) => ['finals', h, 6]),
    );
  });

  it('a lynx.evt sent again after the meet is seeded again drops the heat it no longer lists and moves the times', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    const heat = (h: number, time: string) => [
      `3,1,${h},Men 60m Dash,,,,,,60,${time}`,
      `,${10 + h},1,Runner${h},Ann,Club`,
      `,${20 + h},2,Other${h},Bea,Club`,
    ];
    await send(competition.uic, [
      file('lynx.evt', ...heat(1, '10:00'), ...heat(2, '10:05'), ...heat(3, '10:10')),
    ]);
    expect((await meet(competition.uic)).map((e) => [e.heat, e.heatCount, e.time])).toEqual([
      [1, 3, '10:00'],
      [2, 3, '10:05'],
      [3, 3, '10:10'],
    ]);
    const again = await send(competition.uic, [
      file('lynx.evt', ...heat(1, '11:30'), ...heat(2, '11:35')),
    ]);
    expect(again.files[0]!.warnings).toContain(
      '1 heat no longer in lynx.evt removed (nothing was published on them).',
    );
    expect((await meet(competition.uic)).map((e) => [e.heat, e.heatCount, e.time])).toEqual([
      [1, 2, '11:30'],
      [2, 2, '11:35'],
    ]);
  });

  it('a session that reuses an event number gets events of its own; each file lands on its own', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    await send(competition.uic, [
      file('lynx.evt', '5,1,1,Women 100m,,,,,,100', ',1,1,Kelly,Niamh,DCH'),
      lif('005-1-01.lif', '5,1,1,Women 100m,+0.4,M/S,,,,100', ['Kelly']),
    ]);
    const second = await send(competition.uic, [
      file('lynx.evt', '5,1,1,Men 1500m,,,,,,1500', ',2,1,Doyle,Sean,Leevale'),
      lif('005-1-01.lif', '5,1,1,Men 1500m,,,,,,1500', ['Doyle']),
    ]);
    expect(second.files.map((f) => [f.fileName, f.outcome])).toEqual([
      ['lynx.evt', 'applied'],
      ['005-1-01.lif', 'applied'],
    ]);
    expect(
      (await meet(competition.uic)).map(published).map((e) => [e.eventName, e.results, e.podium]),
    ).toEqual([
      ['Men 1500m', 1, ['Ann Doyle']],
      ['Women 100m', 1, ['Ann Kelly']],
    ]);
  });
});

describe('field events', () => {
  it('flights run as events of their own, each with its own places, are ranked together by their marks', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    const flight = (n: number, rows: string[]) =>
      file(`02${n}-1-01.lff`, `2${n},1,1,Boys Long Jump Flight ${n},metric,`, ...rows);
    await send(competition.uic, [
      flight(1, ['1,11,1,1,Ash,Al,"A",6.10,+1.0,F,+0.0', '2,12,2,2,Birch,Bo,"A",5.50,+0.2']),
      flight(2, ['1,21,1,1,Cedar,Cy,"B",6.40,+0.3', '2,22,2,2,Dale,Di,"B",5.80,+0.1']),
    ]);
    const [jump] = await meet(competition.uic);
    expect(jump).toMatchObject({ eventName: 'Boys Long Jump', heat: null, heatCount: 1 });
    expect(jump!.results.map((r) => [r.rank, r.name, r.flight])).toEqual([
      ['1', 'Cy Cedar', 2],
      ['2', 'Al Ash', 1],
      ['3', 'Di Dale', 2],
      ['4', 'Bo Birch', 1],
    ]);
  });

  it('a field event lynx.evt names in a way nobody knows becomes what its FieldLynx file says', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    await send(competition.uic, [
      file('lynx.evt', '7,1,1,Girls Turbojav', ',31,1,Ash,Al,A', ',32,2,Birch,Bo,B'),
      file(
        '007-1-01.lff',
        '7,1,1,Girls Turbojav,metric,',
        '1,31,1,1,Ash,Al,"A",21.10,-0.0',
        '2,32,2,2,Birch,Bo,"B",19.80,-0.0',
      ),
    ]);
    const events = await meet(competition.uic);
    expect(
      events.map((e) => [e.eventType, e.status, e.startListFile.length, e.results.length]),
    ).toEqual([['JUMP', 'official', 2, 2]]);
  });
});

describe('damaged files', () => {
  it('publish a heat whose header has no name, and one whose every Polish letter lost its high byte', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    // FinishLynx kept the low byte of ą (0x05), ę (0x19) and ć (0x07) in every name.
    const damaged = Uint8Array.from([
      ...Buffer.from('12,1,1,100m K,,,,,,100\r\n'),
      ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((i) => [
        ...Buffer.from(`${i},${i},${i},W`),
        0x05,
        0x19,
        ...Buffer.from('s,Ma'),
        0x07,
        ...Buffer.from(`ka,Klub,12.${i}00\r\n`),
      ]),
    ]);
    const done: UploadView = await send(competition.uic, [
      file('002-1-01.lif', '2,1,1,,,,,,,100', '1,5,1,Doe,Jane,Club,12.00'),
      { name: '012-1-01.lif', bytes: damaged },
    ]);
    expect(done.files.map((f) => f.outcome)).toEqual(['applied', 'applied']);
    expect(done.files[1]!.warnings).toHaveLength(8);
    const events = await meet(competition.uic);
    expect(events.map((e) => [e.eventName, e.results.length])).toEqual([
      ['100m K', 8],
      ['Event 2', 1],
    ]);
    expect(events[0]!.results[0]!.name).toBe('Ma\uFFFDka W\uFFFD\uFFFDs');
  });
});
