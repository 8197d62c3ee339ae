import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createClub, createCompetition, createEvent } from '../support/factory.ts';

// A page that does not exist must say so to crawlers and browsers alike: a 404 status, the
// app's not-found page, and noindex, never a 200 "index, follow" soft 404 or raw JSON.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
});
afterAll(async () => {
  await t?.close();
});

async function page(path: string) {
  const res = await fetch(`${t.url}${path}`);
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    robots: /<meta name="robots" content="([^"]*)"/.exec(text)?.[1],
    robotsHeader: res.headers.get('x-robots-tag'),
    isApp: text.includes('<div id="root"'),
  };
}

async function meet() {
  const db = t.runtime.db;
  const urlName = `leevale-${Date.now()}`;
  const club = { ...(await createClub(db, { clubName: 'Leevale AC', urlName })), urlName };
  const competition = await createCompetition(db, club.uic, { urlName: 'city-sports' });
  const event = await createEvent(db, competition.uic, { eventName: "Men's 100m Final" });
  return { club, competition, event };
}

describe('pages that do not exist', () => {
  it('answer 404 with the not-found page and noindex', async () => {
    const { club, competition } = await meet();
    const db = t.runtime.db;
    const hiddenCompetition = await createCompetition(db, club.uic, { visible: false });
    const hiddenEvent = await createEvent(db, competition.uic, { visible: false });
    const emptyClub = await createClub(db);
    const missing = [
      '/no-such-club',
      `/${club.urlName}/no-such-competition`,
      `/no-such-club/${competition.urlName}`,
      `/${club.urlName}/${hiddenCompetition.urlName}`,
      // A club with nothing public to show has no page either (the home page lists it not).
      `/${emptyClub.urlName}`,
      '/event/00000000-0000-4000-8000-000000000001',
      '/event/not-an-id',
      `/event/${hiddenEvent.id}`,
      `/register/competition/${hiddenCompetition.uic}`,
      '/register/competition/999999999',
      // The package page says 'Package not found' itself; the status says it to crawlers.
      '/register/package/999999999',
      '/register/package/recreational',
      '/admin/settings',
      '/a/b/c',
      '/favicon.svg.bak',
      // Over-long and odd paths: a segment longer than a file name may be, empty and dot
      // segments, a broken percent-encoding.
      `/${'a'.repeat(300)}`,
      `/${'a'.repeat(5000)}`,
      `/${club.urlName}/${'b'.repeat(400)}`,
      '//',
      '/a//b',
      '/%E0%A4%A',
      '/event/%ZZ',
    ];
    const answers = [];
    for (const path of missing) answers.push({ path, ...(await page(path)) });
    expect(answers).toEqual(
      missing.map((path) => ({
        path,
        status: 404,
        type: 'text/html; charset=utf-8',
        robots: 'noindex',
        robotsHeader: 'noindex',
        isApp: true,
      })),
    );
  });

  it("answers an address past the server's header limit with a not-found page, not JSON", async () => {
    const res = await fetch(`${t.url}/${'a'.repeat(20_000)}`);
    const text = await res.text();
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(text).toContain('Page Not Found');
    expect(text).toContain('<meta name="robots" content="noindex">');
  });

  it('leaves every page that exists at 200, index and follow', async () => {
    const { club, competition, event } = await meet();
    const plan = await t.runtime.db.selectFrom('packages').select('id').executeTakeFirstOrThrow();
    const existing = [
      '/',
      '/?cid=999999999',
      `/${club.urlName}`,
      `/${club.urlName}/`,
      `/${club.urlName.toUpperCase()}`,
      `/${club.urlName}/${competition.urlName}`,
      `/${club.urlName.toUpperCase()}/CITY-SPORTS`,
      `/event/${event.id}`,
      `/event/${event.id.toUpperCase()}`,
      `/register/competition/${competition.uic}`,
      '/competitions',
      '/pricing',
      '/privacy',
      '/terms',
      '/login',
      '/admin',
      '/reset-password?token=abc',
      '/verify/some-token',
      `/register/package/${plan.id}`,
    ];
    const answers = [];
    for (const path of existing) answers.push({ path, ...(await page(path)) });
    expect(answers).toEqual(
      existing.map((path) => ({
        path,
        status: 200,
        type: 'text/html; charset=utf-8',
        robots: 'index, follow',
        robotsHeader: null,
        isApp: true,
      })),
    );
    // The built files are still files, cached as before.
    const favicon = await fetch(`${t.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toContain('image/svg+xml');
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=300');
    await favicon.arrayBuffer();
    const index = await (await fetch(`${t.url}/`)).text();
    const script = /<script type="module"[^>]* src="([^"]+)"/.exec(index)?.[1];
    const asset = await fetch(`${t.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await asset.arrayBuffer();
  });

  it('keeps API answers JSON', async () => {
    const res = await fetch(`${t.url}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'Not found', code: 'not_found' });
    const bad = await fetch(`${t.url}/api/events/%ZZ`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'The address is not valid.', code: 'bad_url' });
  });
});
