import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn, type AdminClient } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { meetFile, publicMeet } from '../support/meets.ts';
import { accepted, sendUpload, settled } from '../support/uploads.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import { updateEvent } from '../../server/events/service.ts';

// A real FinishLynx meet (tests/fixtures/meets/college-indoor): the women's 60 m in four
// heats and a final, timed to the thousandth. The timing room's lynx.evt lists the final
// before its line-up is known (its entrants cut out here), as it does before the heats run.

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

const MEET = 'college-indoor';

/** lynx.evt as it stands before the final is seeded: the final's header, no entrants. */
function evtWithoutFinalEntrants(): Uint8Array {
  const lines = Buffer.from(meetFile(MEET, 'lynx.evt')).toString('latin1').split('\r\n');
  const out: string[] = [];
  let inFinal = false;
  for (const line of lines) {
    if (/^\d/.test(line)) inFinal = line.startsWith('1,2,1,');
    else if (inFinal) continue;
    out.push(line);
  }
  return new Uint8Array(Buffer.from(out.join('\r\n'), 'latin1'));
}

async function upload(uic: number, files: { name: string; bytes: Uint8Array }[]) {
  const { uploadId } = await accepted(
    await sendUpload(client, `/api/admin/competitions/${uic}/upload-lynx`, files, {
      field: 'files',
    }),
  );
  const view = await settled(client, uploadId, 60_000);
  expect(view.files.map((f) => f.outcome)).not.toContain('refused');
}

const heatFile = (name: string) => ({ name, bytes: meetFile(MEET, name) });

async function sixty(uic: number) {
  const events = (await publicMeet(t.url, uic)).filter(
    (e) => e.eventName === 'Women 60 Meter Dash',
  );
  const heats = events.filter((e) => e.round !== 'finals').sort((a, b) => a.heat! - b.heat!);
  const final = events.find((e) => e.round === 'finals') as PublicEvent;
  return { heats, final };
}

const marked = (event: PublicEvent) =>
  Object.fromEntries(event.results.filter((r) => r.qualified).map((r) => [r.bib, r.qualified]));

describe('qualification and the next round, on a real meet', () => {
  it('marks Q per heat at once, q provisionally, then draws the final once the round is in', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    const uic = competition.uic;
    await upload(uic, [{ name: 'lynx.evt', bytes: evtWithoutFinalEntrants() }]);
    const before = await sixty(uic);
    expect(before.heats).toHaveLength(4);
    expect(before.final.startListFile).toEqual([]);

    const set = await client.json<AdminEvent>(
      `/api/admin/events/${before.heats[0]!.id}/progression`,
      { method: 'PUT', json: { byPlace: 1, byTime: 4 } },
    );
    expect(set.status).toBe(200);
    expect(set.body.progression).toMatchObject({ byPlace: 1, byTime: 4, final: false });
    // Every heat of the round carries the rule, whichever was set.
    for (const heat of (await sixty(uic)).heats) {
      expect(heat.progression).toMatchObject({ byPlace: 1, byTime: 4, nextRound: 'finals' });
    }

    await upload(uic, [heatFile('001-1-01.lif'), heatFile('001-1-02.lif')]);
    let now = await sixty(uic);
    expect(marked(now.heats[0]!)).toEqual({ '331': 'Q', '332': 'q', '190': 'q' });
    expect(marked(now.heats[1]!)).toEqual({ '212': 'Q', '304': 'q', '334': 'q' });
    expect(now.heats[0]!.progression?.final).toBe(false);
    expect(now.final.startListFile).toEqual([]);

    await upload(uic, [heatFile('001-1-03.lif'), heatFile('001-1-04.lif')]);
    now = await sixty(uic);
    // The first heat's 7.981 is no longer among the four fastest: told to its page too.
    expect(marked(now.heats[0]!)).toEqual({ '331': 'Q', '332': 'q' });
    expect(marked(now.heats[3]!)).toEqual({ '100': 'Q', '396': 'q' });
    expect(now.heats[0]!.progression).toMatchObject({ final: true, ties: [] });
    expect(now.heats[0]!.progression?.qualifiers.map((q) => q.bib)).toEqual([
      '331',
      '212',
      '401',
      '100',
      '332',
      '396',
      '224',
      '304',
    ]);

    // The final's line-up, drawn: the athletes the real final had, ranks 1-4 in lanes 3-6.
    const { final } = now;
    expect(final.startListDrawn).toBe(true);
    const lanes = Object.fromEntries(final.startListFile.map((r) => [r.bib, Number(r.lane)]));
    expect(Object.keys(lanes).sort()).toEqual(
      ['100', '212', '224', '304', '331', '332', '396', '401'].sort(),
    );
    expect(['331', '212', '401', '100'].map((b) => lanes[b]).sort()).toEqual([3, 4, 5, 6]);
    expect(['332', '396'].map((b) => lanes[b]).sort()).toEqual([7, 8]);
    expect(['224', '304'].map((b) => lanes[b]).sort()).toEqual([1, 2]);

    // A change that moves nobody through tells the other heats nothing.
    const heat1Version = now.heats[0]!.version;
    await updateEvent(t.runtime, now.heats[2]!.id, { time: '17:10' });
    expect((await sixty(uic)).heats[0]!.version).toBe(heat1Version);
    // lynx.evt sent again before the final is seeded: Rith's line-up stays, lane for lane.
    await upload(uic, [{ name: 'lynx.evt', bytes: evtWithoutFinalEntrants() }]);
    const again = (await sixty(uic)).final;
    expect(again.startListDrawn).toBe(true);
    expect(again.startListFile.map((r) => [r.bib, r.lane])).toEqual(
      final.startListFile.map((r) => [r.bib, r.lane]),
    );

    // The referee swaps two lanes and takes an athlete off (a tie settled by lot): theirs now.
    const [a, b, ...others] = again.startListFile;
    const edit = await client.json<AdminEvent>(`/api/admin/events/${final.id}/line-up`, {
      method: 'PUT',
      json: {
        rows: [
          { id: a!.id, lane: b!.lane },
          { id: b!.id, lane: a!.lane },
          ...others.slice(0, -1).map((r) => ({ id: r.id, lane: r.lane })),
        ],
      },
    });
    expect(edit.status).toBe(200);
    const edited = (await sixty(uic)).final;
    expect(edited.startListDrawn).toBe(false);
    expect(edited.startListFile).toHaveLength(7);
    expect(edited.startListFile.find((r) => r.bib === a!.bib)?.lane).toBe(b!.lane);
    // Not Rith's any more: not drawn over, and not edited as a draw.
    await upload(uic, [heatFile('001-1-04.lif')]);
    expect((await sixty(uic)).final.startListFile).toEqual(edited.startListFile);
    const refused = await client.json<{ code: string }>(`/api/admin/events/${final.id}/line-up`, {
      method: 'PUT',
      json: { rows: [{ id: a!.id, lane: '3' }] },
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'line_up_not_drawn' } });

    // The timing room's own start list replaces Rith's draw, and the admin's.
    await upload(uic, [heatFile('lynx.evt')]);
    const seeded = (await sixty(uic)).final;
    expect(seeded.startListDrawn).toBe(false);
    expect(seeded.startListFile.find((r) => r.bib === '224')?.lane).toBe('1');
    expect(seeded.startListFile).toHaveLength(8);
  });

  it('refuses a rule on a final, and changes nothing', async () => {
    const competition = await createCompetition(t.runtime.db, clubUic);
    await upload(competition.uic, [heatFile('lynx.evt')]);
    const { final } = await sixty(competition.uic);
    const res = await client.json<{ code: string }>(`/api/admin/events/${final.id}/progression`, {
      method: 'PUT',
      json: { byPlace: 2, byTime: 2 },
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'round_leads_nowhere' } });
    expect((await sixty(competition.uic)).heats[0]!.progression).toBeNull();
  });
});
