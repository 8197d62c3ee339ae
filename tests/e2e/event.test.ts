import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { horizontalOverflow, sharedBrowser, screenshot } from '../support/browser.ts';

let t: TestApp;
let browser: Browser;
const ids = {} as { sprint: string; longJump: string; upcoming: string; noUrl: string };

beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
  const db = t.runtime.db;
  const club = await createClub(db, { clubName: 'Leevale AC', urlName: 'leevale' });
  const meet = await createCompetition(db, club.uic, {
    competitionName: 'Cork City Sports',
    urlName: 'city-sports',
    location: 'MTU Sports Arena, Cork',
    date: '2026-07-14',
  });
  const sprint = await createEvent(db, meet.uic, {
    eventName: 'Men 100m Final',
    time: '19:40',
    round: 'finals',
    status: 'official',
    windSpeed: '+2.6',
    resultsFileType: 'LYNX_MEET_MANAGMENT',
    pdfLink: '/favicon.svg',
    results: [
      athlete({
        name: 'Sean Doyle',
        rank: '3',
        bib: '44',
        club: 'Leevale AC',
        performance: '10.482',
        lane: '6',
      }),
      athlete({
        name: 'Ciaran Barry',
        rank: '1',
        bib: '12',
        club: 'Dundrum South Dublin',
        performance: '10.172',
        lane: '4',
      }),
      athlete({
        name: 'Paul Kelly',
        rank: '2',
        bib: '7',
        club: 'Clonliffe Harriers',
        performance: '10.301',
        lane: '5',
      }),
      athlete({
        name: 'Eoin Walsh',
        rank: 'DNS',
        bib: '9',
        club: 'Leevale AC',
        performance: null,
        lane: '3',
      }),
    ],
  });
  const longJump = await createEvent(db, meet.uic, {
    eventName: 'Women Long Jump',
    eventType: 'JUMP',
    trackDiscipline: null,
    fieldDiscipline: 'LONG_JUMP',
    status: 'official',
    results: [
      athlete({
        name: 'Saragh Buggy',
        rank: '1',
        bib: '101',
        performance: '6.41',
        attempts: ['6.12', 'X', '6.41', '-', '6.3', '6.05'],
        attemptWinds: ['+1.1', null, '+2.4', null, '-0.3', '+0.0'],
        best: '6.41',
      }),
    ],
  });
  const upcoming = await createEvent(db, meet.uic, {
    eventName: 'Women 800m',
    status: 'upcoming',
    startListFile: [athlete({ name: 'Ciara Mageean', lane: '2', bib: '55', club: 'UCD AC' })],
  });
  const noUrlClub = await createClub(db, { clubName: 'Midleton AC', urlName: null });
  const noUrlMeet = await createCompetition(db, noUrlClub.uic, { urlName: null });
  const noUrl = await createEvent(db, noUrlMeet.uic, { eventName: 'Mile' });
  Object.assign(ids, {
    sprint: sprint.id,
    longJump: longJump.id,
    upcoming: upcoming.id,
    noUrl: noUrl.id,
  });
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function open(path: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(t.url + path);
  return page;
}

describe('event page', () => {
  it('shows official results in place order with times rounded up, wind and the PDF', async () => {
    const page = await open(`/event/${ids.sprint}`);
    await page.getByRole('heading', { name: 'Men 100m Final' }).waitFor();
    expect(await page.title()).toBe('Men 100m Final — Event Results | Rith');
    const body = await page.locator('main').innerText();
    expect(body).toContain('Cork City Sports');
    expect(body).toContain('MTU Sports Arena, Cork');
    expect(body).toContain('+2.6');
    expect(body).toContain('Wind-aided');

    const rows = await page.locator('table tbody tr').allInnerTexts();
    expect(rows.map((r) => r.match(/Ciaran Barry|Paul Kelly|Sean Doyle|Eoin Walsh/)?.[0])).toEqual([
      'Ciaran Barry',
      'Paul Kelly',
      'Sean Doyle',
      'Eoin Walsh',
    ]);
    expect(rows[0]).toContain('10.18');
    expect(rows[0]).not.toContain('10.172');
    expect(rows[3]).toContain('DNS');

    const back = page.getByRole('link', { name: 'Back to Competition' });
    expect(await back.getAttribute('href')).toBe('/leevale/city-sports');

    await page.getByRole('button', { name: 'Photo Finish PDF' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const frame = dialog.locator('iframe, object').first();
    const source = (await frame.getAttribute('src')) ?? (await frame.getAttribute('data'));
    expect(source).toContain('/favicon.svg');
    const download = dialog.getByRole('link', { name: 'Download PDF' });
    expect(await download.getAttribute('href')).toContain('/favicon.svg');
    expect(await download.getAttribute('download')).not.toBeNull();
    await screenshot(page, 'event-pdf-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'event-results-desktop');
    await page.close();
  });

  it('shows a jump series with six attempts, the winds and the best mark', async () => {
    const page = await open(`/event/${ids.longJump}`, 360);
    await page.getByRole('heading', { name: 'Women Long Jump' }).waitFor();
    const text = await page.locator('main').innerText();
    for (const mark of ['6.12', '6.41', '6.30', '6.05', '+2.4']) expect(text).toContain(mark);
    expect(text).toMatch(/\bX\b/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'event-long-jump-phone-360');
    await page.close();
  });

  it('shows the start list of an upcoming event', async () => {
    const page = await open(`/event/${ids.upcoming}`);
    await page.getByRole('heading', { name: 'Start List' }).waitFor();
    expect(await page.locator('table').innerText()).toContain('Ciara Mageean');
    await page.close();
  });

  it('goes back to /?comp= when the club has no url name', async () => {
    const page = await open(`/event/${ids.noUrl}`);
    const back = page.getByRole('link', { name: 'Back to Competition' });
    await back.waitFor();
    expect(await back.getAttribute('href')).toMatch(/^\/\?comp=\d+$/);
    await page.close();
  });

  it('says Event Not Found for an unknown event', async () => {
    const page = await open(`/event/${randomUUID()}`);
    await page.getByRole('heading', { name: 'Event Not Found' }).waitFor();
    expect(
      await page
        .getByText('Sorry, the event you are looking for does not exist or has been removed.')
        .isVisible(),
    ).toBe(true);
    await page
      .getByRole('link', { name: 'Return to Homepage' })
      .or(page.getByRole('button', { name: 'Return to Homepage' }))
      .click();
    await page.waitForURL((url) => url.pathname !== `/event/`);
    await page.close();
  });
});

describe('not-found page', () => {
  it('answers 404 with Oops! Page Not Found and a way home', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${t.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
    expect(await page.title()).toBe('Page Not Found | Rith');
    // A real 404: search engines are told to drop the address, not index a soft 404.
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const home = page.getByRole('link', { name: 'Return to Homepage' });
    expect(await home.getAttribute('href')).toBe('/');
    await screenshot(page, 'not-found');
    await page.close();
  });
});

describe('serving the client', () => {
  it('caches hashed assets for a year and never the page itself', async () => {
    const html = await fetch(`${t.url}/event/${ids.sprint}`);
    expect(html.status).toBe(200);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const asset = (await html.text()).match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const js = await fetch(t.url + asset);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
  });

  it('answers an unknown API path with JSON, not the page', async () => {
    const res = await fetch(`${t.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'Not found', code: 'not_found' });
  });
});
