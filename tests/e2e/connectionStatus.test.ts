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
import { updateCompetition } from '../../server/competitions/service.ts';

// Whether a page receives updates is said only where it matters, and never in words (or the
// green) that read as "this meet is live": that is the red LIVE NOW badge's alone.

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

const monthsAgo = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10);

async function oldMeet(urlName: string) {
  const db = t.runtime.db;
  const club = await createClub(db, { clubName: 'Leevale AC', urlName });
  const competition = await createCompetition(db, club.uic, {
    competitionName: 'Spring Open',
    urlName: 'spring-open',
    date: monthsAgo,
    liveNow: false,
  });
  const event = await createEvent(db, competition.uic, {
    eventName: "Men's 100m Final",
    status: 'official',
    results: [athlete({ name: 'Sean Doyle', rank: '1', performance: '10.482' })],
  });
  return { club, competition, event };
}

const connectionLabel = (page: Page) => page.locator('.connection-status');
/** Any text on the page that is exactly "Live", the word the LIVE NOW badge must own. */
const bareLive = (page: Page) => page.getByText('Live', { exact: true });

async function expectNotGreen(page: Page, label = connectionLabel(page)) {
  const { color, background } = await label.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor };
  });
  // The official-status green of the old label, as text or as background.
  expect(color).not.toBe('rgb(22, 101, 52)');
  expect(background).not.toBe('rgb(220, 252, 231)');
}

describe('the connection state', () => {
  for (const width of [1280, 360]) {
    it(`is not shown for a months-old meet, and says "Updates on" once it goes live (${width} px)`, async () => {
      const { club, competition, event } = await oldMeet(`leevale-old-${width}`);
      const page = await settledVisitorPage(browser, width);

      await page.goto(`${t.url}/event/${event.id}`);
      await page.getByRole('heading', { name: "Men's 100m Final" }).waitFor();
      await waitForUpdates(page);
      expect(await connectionLabel(page).count()).toBe(0);
      expect(await bareLive(page).count()).toBe(0);
      await screenshot(page, `connection-old-event-${width}`);

      await page.goto(`${t.url}/${club.urlName}/spring-open`);
      await page.getByRole('heading', { name: 'Leevale AC — Spring Open' }).waitFor();
      await waitForUpdates(page);
      expect(await connectionLabel(page).count()).toBe(0);
      expect(await bareLive(page).count()).toBe(0);
      await screenshot(page, `connection-old-home-${width}`);

      // The same page, subscribed all along: once the meet is on, the label is there.
      await updateCompetition(t.runtime, competition.uic, { liveNow: true });
      await page.getByText('LIVE NOW', { exact: true }).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: /^Updates on$/ })
        .waitFor();
      expect(await bareLive(page).count()).toBe(0);
      await expectNotGreen(page);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `connection-live-home-${width}`);

      await page.goto(`${t.url}/event/${event.id}`);
      await page
        .getByRole('status')
        .filter({ hasText: /^Updates on$/ })
        .waitFor();
      await screenshot(page, `connection-live-event-${width}`);
      await page.close();
    });
  }

  it('says "Offline · results from …" while the device is offline, and resumes', async () => {
    const { competition, club } = await oldMeet('leevale-offline');
    await updateCompetition(t.runtime, competition.uic, { liveNow: true });
    const page = await settledVisitorPage(browser, 360);
    await page.goto(`${t.url}/${club.urlName}/spring-open`);
    await page
      .getByRole('status')
      .filter({ hasText: /^Updates on$/ })
      .waitFor();

    await page.context().setOffline(true);
    await page
      .getByRole('status')
      .filter({ hasText: /^Offline · results from \d{2}:\d{2}/ })
      .waitFor();
    // The page's own label steps aside: the banner says it once, for every page.
    expect(await connectionLabel(page).count()).toBe(0);
    await expectNotGreen(page, page.locator('.network-banner'));
    await screenshot(page, 'connection-offline-360');
    await page.context().setOffline(false);
    await page
      .getByRole('status')
      .filter({ hasText: /^Updates on$/ })
      .waitFor({ timeout: 20_000 });
    await page.close();
  });
});
