import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { rememberedVisitor, sharedBrowser, screenshotDir } from '../support/browser.ts';

// A spectator opening a shared link on a phone sees results on the first screen, painted
// from the data in the page's HTML (server/pageData.ts): no API answer is needed for it, and
// neither the page's header, the selectors nor the cookie bar push the results out of view.

let t: TestApp;
let browser: Browser;
const at = {} as { event: string; competition: string };

beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
  const db = t.runtime.db;
  const club = await createClub(db, { clubName: 'Leevale AC', urlName: 'leevale' });
  const meet = await createCompetition(db, club.uic, {
    competitionName: 'Cork City Sports',
    urlName: 'city-sports',
    location: 'MTU Sports Arena, Cork',
    liveNow: true,
    mapLink: 'https://maps.example/mtu',
    facebook: 'https://facebook.example/citysports',
    timedBy: 'Rith Timing',
  });
  const names = ['Ciaran Barry', 'Paul Kelly', 'Sean Doyle', 'Eoin Walsh', 'Tadhg Moran'];
  const final = await createEvent(db, meet.uic, {
    eventName: 'Men 100m Final',
    time: '19:40',
    status: 'official',
    windSpeed: '+1.3',
    results: names.map((name, i) =>
      athlete({
        name,
        rank: String(i + 1),
        bib: String(10 + i),
        club: 'Dundrum South Dublin',
        performance: `10.${40 + i}`,
        lane: String(i + 2),
      }),
    ),
  });
  await createEvent(db, meet.uic, { eventName: 'Women Long Jump', time: '20:10' });
  at.event = `/event/${final.id}`;
  at.competition = '/leevale/city-sports';
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/**
 * A first visit on a 360 px phone (cookie bar showing) with every API call failing: what
 * shows came from the page itself. The calls the page tried are recorded.
 */
async function openOffline(
  address: string,
  viewport = { width: 360, height: 740 },
): Promise<{ page: Page; apiCalls: string[] }> {
  // No service worker: it would answer from its store, past the routes below.
  const page = await browser.newPage({ viewport, serviceWorkers: 'block' });
  const apiCalls: string[] = [];
  await page.route('**/api/**', (route) => {
    apiCalls.push(new URL(route.request().url()).pathname);
    return route.abort();
  });
  await page.goto(t.url + address);
  return { page, apiCalls };
}

/** Wholly on the first screen, above the cookie bar that covers its bottom. */
async function expectOnFirstScreen(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const bar = await page.getByRole('region', { name: 'Cookie consent' }).boundingBox();
  expect(box).not.toBeNull();
  expect(bar).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeLessThan(page.viewportSize()!.height);
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y);
}

async function firstScreenShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

describe('a phone’s first screen', () => {
  it('shows an event’s results with the API unreachable', async () => {
    const { page, apiCalls } = await openOffline(at.event);
    const rows = page.locator('table tbody tr');
    await rows.first().waitFor({ timeout: 3000 });
    expect(await rows.count()).toBe(5);
    expect(await rows.first().innerText()).toContain('Ciaran Barry');
    await expectOnFirstScreen(page, rows.first());
    // Read once, then gone from the page.
    expect(await page.locator('#rith-data').count()).toBe(0);
    // Neither the event nor the session was asked for. (On its day the page asks for the
    // meet's list of events afterwards, for the estimated start: not for the first screen.)
    expect(apiCalls.filter((call) => call.startsWith('/api/events/'))).toEqual([]);
    expect(apiCalls).not.toContain('/api/admin/session');
    await firstScreenShot(page, 'first-screen-event-360');
    await page.close();
  });

  // The competition card first, then what is on now and next (issue 26): on the common
  // 412 x 823 phone the latest results show whole, painted from the HTML; the events follow.
  it('shows a competition’s latest results and what is next with the API unreachable', async () => {
    const { page, apiCalls } = await openOffline(at.competition, { width: 412, height: 823 });
    const now = page.locator('.meet-now');
    const leader = now.getByText('Ciaran Barry');
    await leader.waitFor({ timeout: 3000 });
    await now.getByRole('link', { name: 'Men 100m Final' }).waitFor();
    await now.getByRole('link', { name: 'Women Long Jump' }).waitFor();
    await page.getByRole('heading', { name: 'Leevale AC — Cork City Sports' }).waitFor();
    // A first visit opens the banner for a second (its pitch to clubs), then folds it away.
    await page.getByRole('button', { name: 'Expand' }).waitFor();
    await firstScreenShot(page, 'first-screen-competition-412');
    await expectOnFirstScreen(page, now.locator('.meet-now-rows'));
    expect(await page.locator('.event-card').first().innerText()).toContain('Men 100m Final');
    await page.getByLabel('Select the Competition').waitFor();
    expect(apiCalls.filter((call) => /^\/api\/(events|clubs)\b/.test(call))).toEqual([]);
    await page.close();
  });

  // Server-rendered (server/pageRender.ts): the results are in the HTML as it arrives, before
  // any script has run, and the browser takes the page over without drawing it again.
  it('paints the results from the HTML alone, with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(t.url + at.event);
    const rows = page.locator('table tbody tr');
    expect(await rows.count()).toBe(5);
    expect(await rows.first().innerText()).toContain('Ciaran Barry');
    await page.goto(t.url + at.competition);
    await page.getByRole('heading', { name: 'Leevale AC — Cork City Sports' }).waitFor();
    expect(await page.locator('.meet-now').getByText('Ciaran Barry').count()).toBe(1);
    await context.close();
  });

  it('draws the banner and the cookie bar as the visitor’s cookies say', async () => {
    const drawn = async (cookie: string) => {
      const html = await (await fetch(t.url + at.competition, { headers: { cookie } })).text();
      return {
        bannerOpen: html.includes('aria-expanded="true"'),
        cookieBar: html.includes('aria-label="Cookie consent"'),
      };
    };
    expect(await drawn('')).toEqual({ bannerOpen: true, cookieBar: true });
    expect(await drawn('rith_banner_seen=1; rith_cookie_consent=1')).toEqual({
      bannerOpen: false,
      cookieBar: false,
    });
    expect(await drawn('rith_cookie_bar_closed=1')).toEqual({ bannerOpen: true, cookieBar: false });
  });

  it('is taken over by the page without a difference, for a first and a returning visitor', async () => {
    // Each of the three pages once: the home page for a visitor whose cookies change it.
    const visits = { first: [at.event, at.competition], returning: ['/'] };
    for (const [visitor, addresses] of Object.entries(visits)) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      if (visitor === 'returning') {
        await rememberedVisitor(context, { bannerSeen: true, cookieConsent: true });
      }
      for (const address of addresses) {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        await page.goto(t.url + address);
        // Hydrated: the page's own script marks its live status on the root element.
        await page.locator('html[data-updates]').waitFor({ state: 'attached' });
        await page.getByText('Ciaran Barry').first().waitFor();
        // React reports a page it had to draw again (a hydration mismatch) as an error.
        expect(problems).toEqual([]);
        await page.close();
      }
      await context.close();
    }
  });
});
