import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  horizontalOverflow,
  sharedBrowser,
  screenshot,
  rememberedVisitor,
} from '../support/browser.ts';

// This file's server has a database of its own, so "the first club" is known here.
let t: TestApp;
let browser: Browser;
const today = new Date().toISOString().slice(0, 10);
const daysFromToday = (n: number) =>
  new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const data = {} as {
  harriers: { uic: number };
  galway: { uic: number };
  openWithEvents: { uic: number };
  futureMeet: { uic: number };
  galwayMeet: { uic: number };
  noUrlMeet: { uic: number };
};

beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
  const db = t.runtime.db;
  data.harriers = await createClub(db, {
    clubName: 'Athlone Harriers',
    urlName: 'athlone-harriers',
  });
  data.galway = await createClub(db, { clubName: 'Galway City AC', urlName: 'galway-city' });
  const noUrl = await createClub(db, { clubName: 'Kerry Track Club', urlName: null });
  await createClub(db, { clubName: 'Aardvark Hidden AC', urlName: 'hidden', visible: false });

  // The club's first competition has no events: the one with events is the default.
  data.futureMeet = await createCompetition(db, data.harriers.uic, {
    competitionName: 'Athlone Autumn Meet',
    urlName: 'autumn-meet',
    date: daysFromToday(30),
  });
  data.openWithEvents = await createCompetition(db, data.harriers.uic, {
    competitionName: 'Athlone Open',
    urlName: 'athlone-open',
    date: today,
    liveNow: true,
    timedBy: 'Rith Timing',
  });
  data.galwayMeet = await createCompetition(db, data.galway.uic, {
    competitionName: 'Galway Sprints',
    urlName: 'galway-sprints',
    date: daysFromToday(-3),
  });
  data.noUrlMeet = await createCompetition(db, noUrl.uic, {
    competitionName: 'Tralee Evening Meet',
    urlName: null,
    date: daysFromToday(-1),
  });
  await createEvent(db, data.openWithEvents.uic, { eventName: 'Women 400m', time: '2:30 pm' });
  await createEvent(db, data.openWithEvents.uic, {
    eventName: 'Men 100m Final',
    time: '11:15',
    status: 'official',
    results: [athlete({ name: 'Leon Reid', rank: '1', performance: '10.274' })],
  });
  await createEvent(db, data.openWithEvents.uic, { eventName: 'Girls 60m', time: '9:05' });
  await createEvent(db, data.openWithEvents.uic, {
    eventName: 'Boys Long Jump',
    time: '10:00',
    status: 'scratched',
    eventType: 'JUMP',
    trackDiscipline: null,
    fieldDiscipline: 'LONG_JUMP',
  });
  await createEvent(db, data.galwayMeet.uic, { eventName: 'Men 200m', time: '12:00' });
  await createEvent(db, data.noUrlMeet.uic, { eventName: 'Mile', time: '19:30' });
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function open(path: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  // Visitors who saw the banner before: keep it from collapsing mid-test.
  await rememberedVisitor(page.context(), { bannerSeen: true });
  await page.goto(t.url + path);
  return page;
}

const eventNames = (page: Page) =>
  page
    .locator('table tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => r.querySelector('td:nth-child(2)')?.textContent?.trim() ?? ''),
    );

describe('home page selection and URL rules', () => {
  it('/ picks the first club with a live competition and its competition with events', async () => {
    const page = await open('/');
    await page.waitForURL('**/athlone-harriers/athlone-open');
    await expect(
      page.getByRole('heading', { name: 'Athlone Harriers — Athlone Open' }).isVisible(),
    ).resolves.toBe(true);
    expect(await page.getByText('LIVE NOW').first().isVisible()).toBe(true);
    expect(await page.getByText('The competition is happening right now!').isVisible()).toBe(true);
    expect(await page.getByText('Timed by: Rith Timing').isVisible()).toBe(true);
    expect(await page.title()).toBe('Athlone Open — Live Sports Results | Rith');

    // The table: time ascending by default, with a count of events.
    await page.getByRole('heading', { name: 'Events for Athlone Open' }).waitFor();
    expect(await page.getByText('4 Events in Results').isVisible()).toBe(true);
    expect(await eventNames(page)).toEqual([
      'Girls 60m',
      'Boys Long Jump',
      'Men 100m Final',
      'Women 400m',
    ]);
    // A scratched event cannot be shared; the others carry the prefilled 'Check out…' text.
    const share = page.getByRole('link', { name: /share/i });
    const hrefs = await share.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(
      hrefs.some((h) =>
        h?.includes(
          encodeURIComponent('Check out the results for "Men 100m Final" at Athlone Open!'),
        ),
      ),
    ).toBe(true);
    const scratched = page.getByRole('link', { name: 'Share Boys Long Jump on WhatsApp' });
    expect(await scratched.getAttribute('aria-disabled')).toBe('true');
    expect(await scratched.getAttribute('href')).toBeNull();

    // Sorting toggles to descending.
    await page.getByRole('button', { name: /time/i }).first().click();
    expect((await eventNames(page))[0]).toBe('Women 400m');
    await screenshot(page, 'home-desktop');
    await page.close();
  });

  it('/{club} selects that club and rewrites the URL to its competition', async () => {
    const page = await open('/galway-city');
    await page.waitForURL('**/galway-city/galway-sprints');
    await page.getByRole('heading', { name: 'Galway City AC — Galway Sprints' }).waitFor();
    expect(await eventNames(page)).toEqual(['Men 200m']);
    await page.close();
  });

  it('?comp=&club= is rewritten to the path form', async () => {
    const page = await open('/?comp=galway-sprints&club=galway-city');
    await page.waitForURL('**/galway-city/galway-sprints');
    await page.close();
  });

  it('?cid= stays the address of a club without a url name', async () => {
    const page = await open(`/?cid=${data.noUrlMeet.uic}`);
    await page.getByRole('heading', { name: 'Kerry Track Club — Tralee Evening Meet' }).waitFor();
    expect(new URL(page.url()).search).toBe(`?cid=${data.noUrlMeet.uic}`);
    await page.close();
  });

  it('changing the selectors updates the URL and filters the events', async () => {
    const page = await open('/athlone-harriers/athlone-open');
    await page.getByRole('heading', { name: 'Events for Athlone Open' }).waitFor();
    await page.getByLabel('Select the Event').selectOption({ label: '11:15 | Men 100m Final' });
    expect(await eventNames(page)).toEqual(['Men 100m Final']);

    await page.getByLabel('Select the Competition').selectOption(String(data.futureMeet.uic));
    await page.waitForURL('**/athlone-harriers/autumn-meet');
    await page.getByText('Events Data Not Available').waitFor();
    expect(
      await page
        .getByText('Events for Athlone Autumn Meet have not been uploaded yet.')
        .isVisible(),
    ).toBe(true);

    await page.getByLabel('Select Club or Organisation').selectOption(String(data.galway.uic));
    await page.waitForURL('**/galway-city/galway-sprints');
    await page.close();
  });

  it("shows what its HTML brought: the listed clubs, the chosen club's competitions, its events", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await rememberedVisitor(page.context(), { bannerSeen: true });
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
    });
    await page.goto(`${t.url}/galway-city`);
    await page.getByRole('heading', { name: 'Galway City AC — Galway Sprints' }).waitFor();
    expect(await eventNames(page)).toEqual(['Men 200m']);
    // The page's data came with its HTML (server/pageData.ts): none of it is asked for again.
    expect(calls).not.toContain('/api/clubs?listed=true');
    expect(calls).not.toContain(`/api/competitions?club=${data.galway.uic}`);
    expect(calls).not.toContain(`/api/events?competitionUic=${data.galwayMeet.uic}`);
    // Never every club, nor every club's competitions: only the club the header's Results
    // link leads to (the first listed, for a first visit).
    expect(calls).not.toContain('/api/clubs');
    expect(calls).not.toContain('/api/competitions');
    expect(calls.filter((c) => c.startsWith('/api/competitions?'))).toEqual([
      `/api/competitions?club=${data.harriers.uic}`,
    ]);
    // The club selector still lists every club with a public competition, by name.
    const clubs = await page
      .getByLabel('Select Club or Organisation')
      .locator('option')
      .allTextContents();
    expect(clubs).toEqual(
      expect.arrayContaining(['Athlone Harriers', 'Galway City AC', 'Kerry Track Club']),
    );
    await page.close();
  });

  it('a hidden or unknown club shows the not-found page', async () => {
    const page = await open('/hidden');
    await page.getByText('Oops! Page Not Found').waitFor();
    await page.close();
  });

  it('works on a 360 px phone without sideways scrolling', async () => {
    const page = await open('/athlone-harriers/athlone-open', 360);
    const finalLink = page
      .locator('.events')
      .getByRole('link', { name: 'Men 100m Final', exact: true });
    await finalLink.waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: /menu/i }).click();
    expect(await page.getByRole('link', { name: 'Pricing' }).first().isVisible()).toBe(true);
    await screenshot(page, 'home-phone-360');
    // A row opens its event page.
    await finalLink.click();
    await page.waitForURL('**/event/**');
    await page.getByText('Leon Reid').waitFor();
    await page.close();
  });
});
