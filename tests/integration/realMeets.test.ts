import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn, type AdminClient } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { eventKey, meets, published, publicMeet, uploadBatches } from '../support/meets.ts';
import { isTimedFinal } from '../../shared/athletics/heats.ts';
import { readEventName } from '../../server/eventNames/index.ts';
import { parseRaceTime } from '../../shared/athletics/raceTime.ts';

// Whole real-shaped meets (tests/fixtures/meets: US college and high school, Polish, Italian
// and German software, the real samples) uploaded through the HTTP API in the groupings a
// timing room sends them, checked against what the public site must publish: every heat told
// apart, flights one event, damaged files published with a warning, bad files refused one by
// one, and no event left for the admin to edit.

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

describe.each(meets())('the $name meet', (meet) => {
  it.each(meet.scenarios)('publishes with zero edits: $name', async (scenario) => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    const uploads = await uploadBatches(client, competition.uic, meet.name, scenario.batches);
    const reports = uploads.flatMap((u) => u.files);

    const events = await publicMeet(t.url, competition.uic);
    // Nothing waits for an edit: no event imported, none with round unknown.
    expect(events.filter((e) => e.status === 'imported' || e.round === 'unknown')).toEqual([]);
    const sorted = <T extends { eventName: string; round: string; heat: number | null }>(
      list: T[],
    ) => [...list].sort((a, b) => eventKey(a).localeCompare(eventKey(b)));
    expect(sorted(events.map(published))).toEqual(sorted(scenario.events));

    // A timed final's every section shows the whole race ranked by time, sections named.
    for (const section of events.filter((e) => isTimedFinal(e) && e.results.length > 0)) {
      // Sections share the name without their heat words ("Serie 1", "Bieg 2").
      const race = readEventName(section.eventName).base;
      const sections = events.filter(
        (e) => isTimedFinal(e) && readEventName(e.eventName).base === race,
      );
      const finishers = sections.flatMap((e) => e.results);
      expect(section.overall).toHaveLength(finishers.length);
      const times = section.overall.flatMap((row) => {
        const time = parseRaceTime(row.performance);
        return time === null ? [] : [time];
      });
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(section.overall.map((row) => row.heat))).toEqual(
        new Set(sections.filter((e) => e.results.length > 0).map((e) => e.heat)),
      );
    }

    for (const refused of scenario.refused ?? []) {
      const report = reports.find((r) => r.fileName === refused.file);
      expect(report, refused.file).toMatchObject({ outcome: 'refused', events: [] });
      expect(report!.reason).toContain(refused.reasonContains);
    }
    const refusedNames = new Set((scenario.refused ?? []).map((r) => r.file));
    for (const report of reports.filter((r) => !refusedNames.has(r.fileName))) {
      expect(report, report.fileName).toMatchObject({ outcome: 'applied', reason: null });
    }
    for (const warning of scenario.warnings ?? []) {
      const report = reports.find((r) => r.fileName === warning.file);
      expect(report?.warnings.join('\n')).toContain(`${warning.file}, row ${warning.row}:`);
    }
    for (const damaged of scenario.damagedRows ?? []) {
      // Heats share their race's name: the row is in one of them.
      const rows = events
        .filter((e) => e.eventName === damaged.eventName)
        .flatMap((e) => e.results);
      expect(rows).toContainEqual(
        expect.objectContaining({ name: damaged.name, club: damaged.affiliation }),
      );
    }
    for (const filled of scenario.pplFilled ?? []) {
      const event = events.find((e) => e.eventName === filled.eventName && e.heat === filled.heat)!;
      expect(event.startListFile).toContainEqual(
        expect.objectContaining({ bib: filled.bib, name: filled.name }),
      );
    }
  });
});

describe('a batch whose files come again', () => {
  it('converges: the same meet uploaded twice, flights in any order, gives the same events', async () => {
    const [samples] = meets().filter((m) => m.name === 'samples');
    const competition = await createCompetition(t.runtime.db, clubUic);
    const flights = ['038-1-02.lff', '038-1-01.lff'];
    await uploadBatches(client, competition.uic, 'samples', [flights, ['038-1-02.lff']]);
    const shot = (await publicMeet(t.url, competition.uic)).map(published);
    const expected = samples!.scenarios[0]!.events.find((e) => e.eventName === 'Men Shot Put');
    expect(shot).toEqual([expected]);
  });
});
