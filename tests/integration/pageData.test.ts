import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { queryKeys } from '../../shared/queryKeys.ts';

// The HTML of a results page carries what its first screen reads (server/pageData.ts): the
// page paints from it without a second round trip, from the same bytes the API answers.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ serveClient: true, config: { publicUrl: 'https://results.example' } });
});
afterAll(async () => {
  await t?.close();
});

const ISLAND = /<script type="application\/json" id="rith-data">([^<]*)<\/script>/;

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(t.url + path, { headers });
  const html = await res.text();
  const raw = ISLAND.exec(html)?.[1];
  const entries = raw === undefined ? null : (JSON.parse(raw) as [unknown[], unknown][]);
  return {
    status: res.status,
    cacheControl: res.headers.get('cache-control'),
    html,
    raw,
    /** The island's payloads by query key. */
    data: entries && new Map(entries.map(([key, value]) => [JSON.stringify(key), value])),
  };
}

const key = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);
const api = async (path: string): Promise<unknown> => (await fetch(t.url + path)).json();

/** A meet whose names would end the island's script early if written as they are. */
async function meet() {
  const db = t.runtime.db;
  const club = await createClub(db, { clubName: 'Leevale AC' });
  const competition = await createCompetition(db, club.uic, {
    competitionName: 'City Sports</script><script>alert(1)</script>\u2028\u2029',
  });
  const event = await createEvent(db, competition.uic, {
    eventName: "Men's 100m </SCRIPT><!-- Final",
    status: 'official',
    results: [
      athlete({ name: 'Sean </script> Doyle', rank: '1', performance: '10.48' }),
      athlete({ name: 'Paul Kelly', rank: '2', performance: '10.61' }),
    ],
  });
  return { club, competition, event };
}

describe('the data of a page’s first screen', () => {
  it('an event page carries the event as the API serves it, and the anonymous session', async () => {
    const { event } = await meet();
    const res = await page(`/event/${event.id}`);
    expect(res.status).toBe(200);
    expect(res.cacheControl).toBe('no-cache');
    expect([...res.data!.keys()]).toEqual([key(queryKeys.session), key(queryKeys.event(event.id))]);
    expect(res.data!.get(key(queryKeys.session))).toEqual({ isAdmin: false });
    expect(res.data!.get(key(queryKeys.event(event.id)))).toEqual(
      await api(`/api/events/${event.id}`),
    );
    // The link preview is still written.
    expect(res.html).toContain('<meta property="og:title" content="Men&#39;s 100m &lt;/SCRIPT&gt;');
  });

  it('cannot close its script early: "<" and the line separators are escaped', async () => {
    const { event } = await meet();
    const { raw, html } = await page(`/event/${event.id}`);
    expect(raw).toContain('Sean \\u003c/script> Doyle');
    expect(raw).toContain('100m \\u003c/SCRIPT>\\u003c!-- Final');
    expect(raw).toContain('alert(1)\\u003c/script>\\u2028\\u2029');
    expect(raw).not.toMatch(/[<\u2028\u2029]/);
    // The page holds the app's script and the island: nothing a name carried.
    expect(html.match(/<script/gi)).toHaveLength(2);
  });

  it('a competition page carries the clubs, the club’s competitions, the events and the latest results', async () => {
    const { club, competition, event } = await meet();
    const res = await page(`/${club.urlName}/${competition.urlName}`);
    expect(res.status).toBe(200);
    expect(res.cacheControl).toBe('no-cache');
    const expected = new Map([
      [key(queryKeys.session), { isAdmin: false }],
      [key(queryKeys.listedClubs), await api('/api/clubs?listed=true')],
      [key(queryKeys.clubCompetitions(club.uic)), await api(`/api/competitions?club=${club.uic}`)],
      [
        key(queryKeys.events(competition.uic)),
        await api(`/api/events?competitionUic=${competition.uic}`),
      ],
      // "Now and next" shows the latest results' rows from the HTML too.
      [key(queryKeys.event(event.id)), await api(`/api/events/${event.id}`)],
      [
        key(queryKeys.competition(competition.uic)),
        await api(`/api/competitions/${competition.uic}`),
      ],
    ]);
    expect(res.data).toEqual(expected);
    expect(res.raw).not.toContain('<');
  });

  it('the home page carries what its address names, or what it opens on', async () => {
    const { club, competition } = await meet();
    const named = await page(`/?cid=${competition.uic}`);
    expect(named.data!.get(key(queryKeys.competition(competition.uic)))).toEqual(
      await api(`/api/competitions/${competition.uic}`),
    );
    expect(named.data!.get(key(queryKeys.events(competition.uic)))).toEqual(
      await api(`/api/events?competitionUic=${competition.uic}`),
    );
    expect(named.data!.has(key(queryKeys.clubCompetitions(club.uic)))).toBe(true);

    // Another test's club may come first here (a shared database): what it opens on, then.
    const home = await page('/');
    const clubs = (await api('/api/clubs?listed=true')) as { uic: number }[];
    expect(home.data!.get(key(queryKeys.listedClubs))).toEqual(clubs);
    expect(home.data!.get(key(queryKeys.clubCompetitions(clubs[0]!.uic)))).toEqual(
      await api(`/api/competitions?club=${clubs[0]!.uic}`),
    );
  });

  it('comes from the node’s cache: a second view fills nothing', async () => {
    const { club, competition, event } = await meet();
    const paths = [`/event/${event.id}`, `/${club.urlName}/${competition.urlName}`, '/'];
    for (const path of paths) await page(path);
    const { cache } = t.app.publicReads;
    const misses = cache.misses;
    for (const path of paths) expect((await page(path)).data).not.toBeNull();
    expect(cache.misses).toBe(misses);
  });

  it('leaves the session to the API for a visitor with a session cookie', async () => {
    const { event } = await meet();
    const res = await page(`/event/${event.id}`, { cookie: 'rith_session=someone' });
    expect(res.data!.has(key(queryKeys.session))).toBe(false);
    expect(res.data!.has(key(queryKeys.event(event.id)))).toBe(true);
  });

  it('a missing event gets the 404 page with no data', async () => {
    const hidden = await createEvent(t.runtime.db, (await meet()).competition.uic, {
      visible: false,
    });
    for (const path of [
      '/event/00000000-0000-4000-8000-000000000001',
      `/event/${hidden.id}`,
      '/no-such-club/no-such-competition',
    ]) {
      const res = await page(path);
      expect(res.status).toBe(404);
      expect(res.html).not.toContain('rith-data');
    }
  });

  it('a page whose data cannot be read is served without it', async () => {
    const { club, competition } = await meet();
    const failing = vi
      .spyOn(t.app.publicReads, 'eventsOf')
      .mockRejectedValue(new Error('cache read failed'));
    try {
      const res = await page(`/${club.urlName}/${competition.urlName}`);
      expect(res.status).toBe(200);
      expect(res.cacheControl).toBe('no-cache');
      expect(res.html).toContain('<div id="root"></div>');
      expect(res.html).not.toContain('rith-data');
    } finally {
      failing.mockRestore();
    }
  });

  it('pages that are not a spectator’s first screen carry none', async () => {
    for (const path of ['/pricing', '/competitions', '/login']) {
      expect((await page(path)).html).not.toContain('rith-data');
    }
  });
});
