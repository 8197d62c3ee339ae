import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  horizontalOverflow,
  sharedBrowser,
  screenshot,
  waitForUpdates,
  rememberedVisitor,
} from '../support/browser.ts';
import { createEvent as publishNewEvent, updateEvent } from '../../server/events/service.ts';
import { updateCompetition } from '../../server/competitions/service.ts';

// Changes made through the service layer (as the admin console and uploads make them) must
// appear on open pages without navigation or reload.

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

async function meet(urlName: string, liveNow = false) {
  const db = t.runtime.db;
  const club = await createClub(db, { clubName: 'Leevale AC', urlName });
  const competition = await createCompetition(db, club.uic, {
    competitionName: 'Cork City Sports',
    urlName: 'city-sports',
    liveNow,
  });
  const heat = await createEvent(db, competition.uic, {
    eventName: "Men's 100m Heat 1",
    time: '19:40',
    round: 'heats',
    status: 'upcoming',
    startListFile: [
      athlete({ name: 'Sean Doyle', lane: '4', bib: '44', club: 'Leevale AC' }),
      athlete({ name: 'Paul Kelly', lane: '5', bib: '7', club: 'Clonliffe Harriers' }),
    ],
  });
  const relay = await createEvent(db, competition.uic, {
    eventName: '4x100m Relay',
    time: '20:10',
  });
  return { club, competition, heat, relay };
}

/** Opens a page and marks its window: the mark survives updates, not a reload. */
async function open(path: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await rememberedVisitor(page.context(), { bannerSeen: true });
  await page.goto(t.url + path);
  await page.evaluate(() => {
    (window as unknown as { rithMark: string }).rithMark = 'not reloaded';
  });
  await waitForUpdates(page);
  return page;
}

const stillTheSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { rithMark?: string }).rithMark);

describe('live updates in the browser', () => {
  it('shows results published on an open event page, without a reload', async () => {
    const { heat } = await meet('leevale-event');
    const page = await open(`/event/${heat.id}`, 1280);
    await page.locator('table').getByText('Sean Doyle').first().waitFor();
    expect(await page.locator('main').innerText()).toContain('Start List');

    await updateEvent(t.runtime, heat.id, {
      status: 'official',
      windSpeed: '+1.4',
      resultsFileType: 'LYNX_MEET_MANAGMENT',
      results: [
        athlete({ name: 'Paul Kelly', rank: '1', bib: '7', lane: '5', performance: '10.301' }),
        athlete({ name: 'Sean Doyle', rank: '2', bib: '44', lane: '4', performance: '10.482' }),
      ],
    });
    await page.getByText('10.31').waitFor();
    const rows = await page.locator('table tbody tr').allInnerTexts();
    expect(rows[0]).toContain('Paul Kelly');
    expect(rows[1]).toContain('10.49');
    const header = await page.locator('header.ev-event-header').innerText();
    expect(header).toContain('Official');
    expect(header).toContain('+1.4 m/s · Legal wind');
    expect(await stillTheSamePage(page)).toBe('not reloaded');
    expect(page.url()).toBe(`${t.url}/event/${heat.id}`);
    await screenshot(page, 'live-event-results-arrived');
    await page.close();
  });

  it('updates the home page in place on a phone: LIVE NOW, a new event, scratched, hidden', async () => {
    const { competition, heat, relay } = await meet('leevale-home');
    const page = await open('/leevale-home/city-sports', 360);
    const cards = page.locator('.event-card');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.getByText('LIVE NOW', { exact: true }).count()).toBe(0);

    await updateCompetition(t.runtime, competition.uic, { liveNow: true });
    await page.getByText('LIVE NOW', { exact: true }).waitFor();
    expect(await page.getByLabel('Select the Competition').innerText()).toContain('(Live now)');
    await page.getByText('The competition is happening right now!').waitFor();

    await publishNewEvent(t.runtime, competition.uic, {
      eventName: "Women's Long Jump",
      eventType: 'JUMP',
      fieldDiscipline: 'LONG_JUMP',
      time: '19:00',
    });
    await expect.poll(() => cards.count()).toBe(3);
    expect(await cards.first().innerText()).toContain("Women's Long Jump");
    const options = await page.getByLabel('Select the Event').locator('option').allInnerTexts();
    expect(options).toContain("19:00 | Women's Long Jump");
    expect(await page.getByText('3 Events in Results').count()).toBe(1);

    await updateEvent(t.runtime, relay.id, { status: 'scratched' });
    const scratched = cards.filter({ hasText: '4x100m Relay' });
    await expect.poll(() => scratched.getAttribute('class')).toContain('is-scratched');
    expect(
      await scratched
        .getByRole('link', { name: /Share 4x100m Relay/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');

    await updateEvent(t.runtime, heat.id, { visible: false });
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.locator('.events-cards').innerText()).not.toContain("Men's 100m Heat 1");

    expect(await stillTheSamePage(page)).toBe('not reloaded');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'live-home-phone-360');
    await page.close();
  });

  it('shows not found while the competition is hidden, and the results again once it is back', async () => {
    const { competition } = await meet('leevale-hidden');
    const page = await open('/leevale-hidden/city-sports', 1280);
    await page.getByRole('heading', { name: 'Leevale AC — Cork City Sports' }).waitFor();
    await updateCompetition(t.runtime, competition.uic, { visible: false });
    await page.getByText('Oops! Page Not Found').waitFor();
    await updateCompetition(t.runtime, competition.uic, { visible: true });
    await page.getByRole('heading', { name: 'Leevale AC — Cork City Sports' }).waitFor();
    // The heading comes with the competition; its events arrive just after.
    await expect.poll(() => page.locator('.events-table tbody tr').count()).toBe(2);
    expect(await stillTheSamePage(page)).toBe('not reloaded');
    await page.close();
  });

  it('says Reconnecting… when the connection drops, and catches up when it is back', async () => {
    // A meet happening now: its pages say whether updates arrive.
    const { heat } = await meet('leevale-reconnect', true);
    const page = await open(`/event/${heat.id}`, 1280);
    for (const socket of t.app.io.of('/').sockets.values()) socket.conn.close();
    await page.getByText('Reconnecting…').waitFor();
    await screenshot(page, 'live-event-reconnecting');
    // Published while the page is away: it reaches the page by the refetch on reconnect.
    await updateEvent(t.runtime, heat.id, { status: 'scratched' });
    await page
      .getByRole('status')
      .filter({ hasText: /^Updates on$/ })
      .waitFor({ timeout: 10_000 });
    await page.getByText('This event has been scratched').waitFor();
    expect(await stillTheSamePage(page)).toBe('not reloaded');
    await page.close();
  });
});
