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
import { competitionClock } from '../../shared/entries.ts';
import { clockText, venueNow } from '../../shared/schedule/venue.ts';

let t: TestApp;
let browser: Browser;
const at = {} as { home: string; heat1: string; heat2: string; jump: string; uic: number };

const today = () => competitionClock(new Date()).date;
// Kept within the venue's day, so late in the evening the jump still comes after the heats.
const inMinutes = (minutes: number) =>
  clockText(Math.min(Math.max(venueNow(today(), new Date()) + minutes, 0), 24 * 60 - 1));
const withinTheDay = () => {
  const now = venueNow(today(), new Date());
  return now > 30 && now < 24 * 60 - 100;
};
const siobhan = athlete({
  id: 's1',
  name: 'Siobhán Ní Bhriain',
  bib: '204',
  club: 'Galway City Harriers',
  lane: '3',
});

beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
  const db = t.runtime.db;
  const club = await createClub(db, { clubName: 'Galway City Harriers', urlName: 'galway-city' });
  const meet = await createCompetition(db, club.uic, {
    competitionName: 'Connacht Juniors',
    urlName: 'connacht-juniors',
    date: today(),
    liveNow: true,
  });
  at.uic = meet.uic;
  at.home = `/galway-city/connacht-juniors`;
  // Heat 1 was due 20 minutes ago and started 12 minutes late: the meet runs late.
  const heat1 = await createEvent(db, meet.uic, {
    eventName: 'Girls U16 100 Meter Dash',
    round: 'heats',
    heat: 1,
    heatCount: 2,
    time: inMinutes(-20),
    startedAt: inMinutes(-8),
    startListFile: [athlete({ id: 'a', name: 'Aoife Kelly', bib: '11', lane: '4' })],
  });
  const heat2 = await createEvent(db, meet.uic, {
    eventName: 'Girls U16 100 Meter Dash',
    round: 'heats',
    heat: 2,
    heatCount: 2,
    time: inMinutes(-20),
    startListFile: [
      athlete({ id: 'b', name: 'Niamh Walsh', bib: '12', club: 'Tuam AC', lane: '4' }),
      siobhan,
    ],
  });
  const jump = await createEvent(db, meet.uic, {
    eventName: 'Girls U16 Long Jump',
    eventType: 'JUMP',
    trackDiscipline: null,
    fieldDiscipline: 'LONG_JUMP',
    time: inMinutes(90),
    startListFile: [
      athlete({ id: 'j', name: 'Siobhan Ni Bhriain', bib: null, club: 'Galway City Harriers' }),
    ],
  });
  Object.assign(at, { heat1: heat1.id, heat2: heat2.id, jump: jump.id });
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const url = (path: string) => `${t.url}${path}`;

async function followFromSearch(page: Page) {
  await page.getByRole('searchbox', { name: 'Name, bib or club' }).fill('siobhan ni bhriain');
  await page.getByRole('status').filter({ hasText: '1 athlete matches.' }).waitFor();
  await page
    .getByRole('button', { name: 'Follow Siobhán Ní Bhriain', exact: true })
    .first()
    .click();
}

describe('following an athlete', () => {
  it('finds her by name without accents, follows her, and shows her next start in My athletes, live', async () => {
    const page = await settledVisitorPage(browser, 360);
    await page.goto(url(at.home));
    await waitForUpdates(page);
    // Nothing is offered before following: no alerts prompt, no My athletes.
    await page.getByRole('heading', { name: 'Find an athlete' }).waitFor();
    expect(await page.getByRole('heading', { name: /Get alerts/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'My athletes' }).count()).toBe(0);

    // The home table says how late the meet runs (within one day: the times above would
    // wrap around midnight on the venue's clock).
    const heat2Card = page.locator('.event-card', { hasText: 'Heat 2' });
    if (withinTheDay()) {
      await expect
        .poll(() => heat2Card.textContent())
        .toMatch(/≈ \d{1,2}:\d\d · running \d+ min late/);
    }

    await followFromSearch(page);
    const mine = page.locator('section', {
      has: page.getByRole('heading', { name: 'My athletes' }),
    });
    await mine.getByRole('heading', { name: 'Siobhán Ní Bhriain' }).waitFor();
    // Her two events, the same athlete though the jump's list has no bib and no accents.
    const next = mine.locator('.athlete-event.is-next');
    await expect
      .poll(() => next.textContent())
      .toMatch(/Next: Girls U16 100 Meter Dash, Heat 2 of 2/);
    if (withinTheDay()) expect(await next.textContent()).toMatch(/running \d+ min late · Lane 3/);
    expect(await mine.getByRole('link', { name: 'Girls U16 Long Jump' }).count()).toBe(1);
    // Only now, with words that say what will arrive.
    const prompt = page.getByRole('heading', { name: 'Get alerts for the athletes you follow?' });
    await prompt.waitFor();
    expect(await page.locator('.alerts-prompt').textContent()).toContain(
      'when their start list is out, about 15 minutes before they are expected to start, and when their result is in',
    );
    // One offer at a time: the prompt's, not My athletes' as well.
    const turnOn = page.getByRole('button', { name: 'Turn on alerts' });
    expect(await turnOn.count()).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'follow-home-360');

    // Her result arrives while the page is open.
    await updateEvent(t.runtime, at.heat2, {
      live: {
        rows: [{ ...siobhan, rank: '1', performance: '12.31' }],
        wind: null,
        updatedAt: new Date().toISOString(),
      },
    });
    const heat2Line = mine.locator('.athlete-event', { hasText: 'Heat 2 of 2' });
    await expect
      .poll(() => heat2Line.textContent(), { timeout: 10_000 })
      .toContain('1. 12.31 (unofficial)');
    await mine.locator('.athlete-event.is-next', { hasText: 'Long Jump' }).waitFor();

    // Put aside, the prompt goes; My athletes keeps the one way to turn alerts on.
    await page.getByRole('button', { name: 'Not now' }).click();
    await prompt.waitFor({ state: 'detached' });
    await mine.getByRole('button', { name: 'Turn on alerts' }).waitFor();
    expect(await turnOn.count()).toBe(1);

    // A wide screen too.
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'follow-home-1280');
    await page.close();
  });

  it('highlights followed rows on the event page, follows from a row, and keeps follows on the device', async () => {
    const page = await settledVisitorPage(browser, 360);
    await page.goto(url(`/event/${at.heat1}`));
    await page.getByRole('heading', { name: 'Girls U16 100 Meter Dash' }).waitFor();
    // One tap in the start list follows Aoife; her row is highlighted.
    const star = page.getByRole('button', { name: 'Follow Aoife Kelly', exact: true });
    await star.click();
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('tr:has(.is-followed)').count()).toBe(1);
    // The event page has the competition's search too.
    await page.getByRole('heading', { name: 'Find an athlete' }).waitFor();
    await screenshot(page, 'follow-event-360');

    await page.goto(url(`/event/${at.heat2}`));
    await page.getByRole('heading', { name: 'Girls U16 100 Meter Dash' }).waitFor();
    await followFromSearch(page);
    // Her rows, in the unofficial results and the start list alike, and nobody else's.
    await expect
      .poll(async () => {
        const rows = await page.locator('tr:has(.is-followed)').allTextContents();
        return rows.length > 0 && rows.every((row) => row.includes('Siobhán Ní Bhriain'));
      })
      .toBe(true);
    // Kept on the device: a new page of the same browser remembers both.
    await page.goto(url(at.home));
    const mine = page.locator('section', {
      has: page.getByRole('heading', { name: 'My athletes' }),
    });
    await mine.getByRole('heading', { name: 'Aoife Kelly' }).waitFor();
    await mine.getByRole('heading', { name: 'Siobhán Ní Bhriain' }).waitFor();

    // Shared as a link: a parent's phone opens it and has the same list.
    const shared = await page.evaluate(() => localStorage.getItem('rithFollows'));
    const param = Buffer.from(shared ?? '').toString('base64url');
    const phone = await settledVisitorPage(browser, 360);
    await phone.goto(url(`${at.home}?follow=${param}`));
    await phone.getByText('Added 2 from the shared list.').waitFor();
    const theirs = phone.locator('section', {
      has: phone.getByRole('heading', { name: 'My athletes' }),
    });
    await theirs.getByRole('heading', { name: 'Aoife Kelly' }).waitFor();
    expect(new URL(phone.url()).search).toBe('');
    await phone.close();
    await page.close();
  });

  it('shows a pushed alert with the service worker, as the browser would deliver it', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    await context.grantPermissions(['notifications'], { origin: t.url });
    const page = await context.newPage();
    await page.goto(url(at.home));
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${t.url}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    const alert = {
      title: 'Start list out: Girls U16 Long Jump',
      body: 'Siobhan Ni Bhriain · ≈ 15:30 · running 12 min late',
      url: `/event/${at.jump}`,
      tag: `${at.jump}:startList`,
      kind: 'startList',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: t.url,
      registrationId: await registrationId,
      data: JSON.stringify(alert),
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const notes = await registration.getNotifications();
        return notes.map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        }));
      });
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([
        { title: alert.title, body: alert.body, tag: alert.tag, data: { url: alert.url } },
      ]);
    // The same alert again (a push service retrying) replaces it: still one.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: t.url,
      registrationId: await registrationId,
      data: JSON.stringify(alert),
    });
    await expect.poll(async () => (await shown()).length).toBe(1);
    await context.close();
  });
});
