import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  horizontalOverflow,
  sharedBrowser,
  screenshot,
  settledVisitorPage,
  waitForUpdates,
} from '../support/browser.ts';
import { updateEvent } from '../../server/events/service.ts';
import { startCutProxy } from '../support/cutProxy.ts';

// A phone in the stands loses its signal: the pages it opened still show their last results,
// say honestly since when, and catch up by themselves once the network is back.

let t: TestApp;
let browser: Browser;
beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

let meets = 0;
async function meet(name: string) {
  const db = t.runtime.db;
  // A club of its own each time: the widths share one server.
  meets += 1;
  const club = await createClub(db, { clubName: 'Leevale AC', urlName: `${name}-${meets}` });
  const competition = await createCompetition(db, club.uic, {
    competitionName: 'Cork City Sports',
    urlName: 'city-sports',
    liveNow: true,
  });
  const event = await createEvent(db, competition.uic, {
    eventName: "Women's 200m Final",
    status: 'official',
    results: [
      athlete({ name: 'Anna Byrne', rank: '1', performance: '24.89', club: 'Leevale AC' }),
      athlete({ name: 'Kate Walsh', rank: '2', performance: '25.10', club: 'Clonliffe Harriers' }),
    ],
  });
  return { club, competition, event };
}

/**
 * Until the service worker is in charge of the page and has kept it, the built files it
 * loaded (its lazily loaded chunks too) and the reads it names: any read kept is not enough,
 * the page's own must be, or the reload offline finds nothing to show.
 */
async function untilKept(page: Page, reads: string[]): Promise<void> {
  await page.waitForFunction(async (paths) => {
    if (!navigator.serviceWorker.controller) return false;
    const keys = async (name: string) =>
      (await (await caches.open(name)).keys()).map((request) => new URL(request.url));
    const [pages, assets, data] = await Promise.all(
      ['rith-pages-v1', 'rith-assets-v1', 'rith-data-v1'].map(keys),
    );
    const has = (urls: URL[] | undefined, path: string) =>
      urls?.some((url) => `${url.pathname}${url.search}` === path) ?? false;
    const files = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'));
    return (
      has(pages, `${location.pathname}${location.search}`) &&
      files.every((url) => has(assets, url.pathname)) &&
      paths.every((path) => has(data, path))
    );
  }, reads);
}

/**
 * Reloads the page, its service worker woken first by a fetch it answers: a worker the
 * browser had stopped while idle is started again before the navigation, not by it. Under a
 * loaded machine a worker started by the reload itself was now and then given up on, and the
 * reload went to the (offline) network: ERR_INTERNET_DISCONNECTED.
 */
async function reloadViaWorker(page: Page): Promise<void> {
  await page.evaluate(() =>
    fetch('/favicon.svg').then(
      () => undefined,
      () => undefined,
    ),
  );
  await page.reload();
}

/** The banner's changes follow the browser's network events: waited for generously. */
const POLL = { timeout: 10_000 };

const banner = (page: Page) => page.locator('.network-banner');
/** "Offline · results from 14:02": the time of day the page's results were current. */
const OFFLINE = /^Offline · results from \d{2}:\d{2}/;

describe('offline', () => {
  it('serves the manifest and the worker, never cached by the browser', async () => {
    const manifest = await fetch(`${t.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    const body = (await manifest.json()) as { short_name: string; icons: { sizes: string }[] };
    expect(body.short_name).toBe('Rith');
    expect(body.icons.map((i) => i.sizes)).toContain('512x512');
    const icon = await fetch(`${t.url}/icons/icon-192.png`);
    expect(icon.headers.get('content-type')).toBe('image/png');
    const worker = await fetch(`${t.url}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  for (const width of [360, 1280]) {
    it(`keeps an opened event page with its results, and catches up once back online (${width} px)`, async () => {
      const { event } = await meet(`leevale-offline-${width}`);
      const page = await settledVisitorPage(browser, width);
      await page.goto(`${t.url}/event/${event.id}`);
      await page.getByText('Anna Byrne').waitFor();
      await waitForUpdates(page);
      await untilKept(page, [`/api/events/${event.id}`]);
      const context = page.context();

      await context.setOffline(true);
      await expect.poll(() => banner(page).innerText(), POLL).toMatch(OFFLINE);
      expect(await page.getByText('Updates on').count()).toBe(0);
      // Reloaded with no network at all: the kept page, its results, and since when.
      await reloadViaWorker(page);
      await page.getByText('Anna Byrne').waitFor();
      await expect.poll(() => banner(page).innerText(), POLL).toMatch(OFFLINE);
      expect(await page.getByText('24.89').count()).toBe(1);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `offline-event-${width}`);

      // Corrected while the phone was offline: it arrives once the phone is back.
      await updateEvent(t.runtime, event.id, {
        results: [
          athlete({ name: 'Anna Byrne', rank: '1', performance: '25.01', club: 'Leevale AC' }),
          athlete({
            name: 'Kate Walsh',
            rank: '2',
            performance: '25.10',
            club: 'Clonliffe Harriers',
          }),
        ],
      });
      await page.evaluate(() => {
        (window as unknown as { rithMark: string }).rithMark = 'not reloaded';
      });
      await context.setOffline(false);
      await page.getByText('25.01').waitFor({ timeout: 15_000 });
      await expect.poll(() => banner(page).count(), POLL).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { rithMark?: string }).rithMark)).toBe(
        'not reloaded',
      );
      await page.close();
    });
  }

  it('keeps the competition page too, and says so offline', async () => {
    const { club, competition } = await meet('leevale-offline-home');
    const page = await settledVisitorPage(browser, 360);
    await page.goto(`${t.url}/${club.urlName}/city-sports`);
    await page.getByRole('heading', { name: 'Leevale AC — Cork City Sports' }).waitFor();
    await waitForUpdates(page);
    await untilKept(page, [`/api/events?competitionUic=${competition.uic}`]);
    await page.context().setOffline(true);
    await reloadViaWorker(page);
    await page.getByRole('heading', { name: 'Leevale AC — Cork City Sports' }).waitFor();
    await page.locator('.event-card-name').first().waitFor();
    await expect.poll(() => banner(page).innerText(), POLL).toMatch(OFFLINE);
    await screenshot(page, 'offline-competition-360');
    await page.context().setOffline(false);
    await waitForUpdates(page);
    await expect.poll(() => banner(page).count(), POLL).toBe(0);
    await page.close();
  });

  it('tells "Rith cannot be reached" from "Reconnecting…", and neither from live', async () => {
    const { event } = await meet('leevale-unreachable');
    const proxy = await startCutProxy(t.url);
    const page = await settledVisitorPage(browser, 1280);
    try {
      await page.goto(`${proxy.url}/event/${event.id}`);
      await waitForUpdates(page);
      expect(await banner(page).count()).toBe(0);

      // The device is online, but Rith does not answer (a dead node, a broken route).
      proxy.cut();
      await expect
        .poll(() => banner(page).innerText(), { timeout: 30_000 })
        .toMatch(/^Rith cannot be reached · results from \d{2}:\d{2}/);
      expect(await page.getByText('Updates on').count()).toBe(0);
      await page.getByText('Anna Byrne').waitFor();
      await screenshot(page, 'offline-unreachable-1280');

      // Changed meanwhile: the page catches up by itself once Rith answers again.
      await updateEvent(t.runtime, event.id, { status: 'unofficial' });
      proxy.restore();
      await waitForUpdates(page);
      await expect.poll(() => banner(page).count(), { timeout: 20_000 }).toBe(0);
      await page
        .getByText(/unofficial/i)
        .first()
        .waitFor();
    } finally {
      await page.close();
      await proxy.close();
    }
  }, 90_000);
});
