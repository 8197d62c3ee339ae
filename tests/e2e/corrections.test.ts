import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { athlete, createClub, createCompetition } from '../support/factory.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  horizontalOverflow,
  sharedBrowser,
  screenshot,
  settledVisitorPage,
  waitForUpdates,
} from '../support/browser.ts';
import { createEvent, updateEvent } from '../../server/events/service.ts';
import { venueClock } from '../../shared/results/corrections.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';

// Corrections in the open (issue 16): an open event page that receives a correction says
// "Corrected HH:MM", marks the rows it changed and lists what changed.

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

const results = [
  athlete({ name: 'Cara Walsh', bib: '3', rank: '1', club: 'Tuam AC', performance: '24.50' }),
  athlete({ name: 'Anna Byrne', bib: '12', rank: '2', club: 'Galway City', performance: '24.89' }),
  athlete({ name: 'Bea Kelly', bib: '7', rank: '3', club: 'Athenry AC', performance: '24.95' }),
  athlete({ name: 'Dara Moran', bib: '9', rank: '4', club: 'Tuam AC', performance: '25.40' }),
];

async function open(path: string, width: number): Promise<Page> {
  const page = await settledVisitorPage(browser, width);
  await page.goto(t.url + path);
  await waitForUpdates(page);
  return page;
}

const row = (page: Page, name: string) =>
  page.locator('.ev-results-table tbody tr', { hasText: name });

describe('a correction reaching an open event page', () => {
  it('says when, marks the changed rows, announces it once and lists what changed', async () => {
    const db = t.runtime.db;
    const club = await createClub(db, { clubName: 'Galway City', urlName: 'galway-corrections' });
    const meet = await createCompetition(db, club.uic, {
      competitionName: 'Connacht Championships',
      urlName: 'connacht',
      liveNow: true,
    });
    // Published through the service, as the admin's form and the uploads publish.
    const saved = await createEvent(t.runtime, meet.uic, {
      eventName: "Women's 200m Final",
      eventType: 'ATHLETICS',
      trackDiscipline: 'TWO_HUNDRED_METER',
      round: 'finals',
      time: '14:00',
      status: 'official',
      resultsFileType: 'MANUAL',
      results,
    });
    const path = `/event/${saved.id}`;
    const phone = await open(path, 360);
    const desktop = await open(path, 1280);
    for (const page of [phone, desktop]) {
      await row(page, 'Anna Byrne').waitFor();
      expect(await page.getByRole('button', { name: /Corrected/ }).count()).toBe(0);
    }

    // Anna's time was misread: 25.01, behind Bea.
    await updateEvent(t.runtime, saved.id, {
      results: results.map((r) =>
        r.bib === '12'
          ? { ...r, performance: '25.01', rank: '3' }
          : r.bib === '7'
            ? { ...r, rank: '2' }
            : r,
      ),
    });
    const event = (await (await fetch(`${t.url}/api/events/${saved.id}`)).json()) as PublicEvent;
    expect(event.correctedAt).not.toBeNull();
    const at = venueClock(event.correctedAt!);

    for (const page of [phone, desktop]) {
      const toggle = page.getByRole('button', { name: new RegExp(`Corrected ${at}`) });
      await toggle.waitFor();
      await expect.poll(() => row(page, 'Anna Byrne').getAttribute('class')).toBe('is-corrected');
      expect(await row(page, 'Bea Kelly').getAttribute('class')).toBe('is-corrected');
      expect(await row(page, 'Cara Walsh').getAttribute('class')).toBeNull();
      expect(await row(page, 'Anna Byrne').innerText()).toContain('25.01');
      // Said once, for the whole correction.
      const said = page.locator('[aria-live="polite"]').filter({ hasText: /^Results corrected/ });
      expect(await said.allInnerTexts()).toEqual([
        `Results corrected at ${at}: Bea Kelly: place 3 → 2; Anna Byrne: 24.89 → 25.01, place 2 → 3`,
      ]);

      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const panel = page.locator('.ev-corrections-list');
      await panel.waitFor();
      expect(await panel.innerText()).toBe(
        [
          `Corrected at ${at}`,
          'Bea Kelly: place 3 → 2',
          'Anna Byrne: 24.89 → 25.01, place 2 → 3',
        ].join('\n'),
      );
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
    // Pictures of the marks as they stay without motion (the fade would be caught mid-way).
    for (const [page, name] of [
      [phone, 'corrections-event-360'],
      [desktop, 'corrections-event-1280'],
    ] as const) {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(
        await row(page, 'Anna Byrne')
          .locator('td')
          .last()
          .evaluate((cell) => getComputedStyle(cell).animationName),
      ).toBe('none');
      await screenshot(page, name);
    }

    // A later visitor sees the note, with nothing marked: nothing changed while they looked.
    const later = await open(path, 1280);
    await later.getByRole('button', { name: new RegExp(`Corrected ${at}`) }).waitFor();
    expect(await later.locator('tr.is-corrected').count()).toBe(0);
    for (const page of [phone, desktop, later]) await page.close();
  });

  it('marks nothing and says no correction while the scoreboard’s unofficial lines change', async () => {
    const db = t.runtime.db;
    const club = await createClub(db, { clubName: 'Tuam AC', urlName: 'tuam-corrections' });
    const meet = await createCompetition(db, club.uic, { urlName: 'tuam-open', liveNow: true });
    const saved = await createEvent(t.runtime, meet.uic, {
      eventName: "Men's 100m",
      eventType: 'ATHLETICS',
      trackDiscipline: 'ONE_HUNDRED_METER',
      status: 'unofficial',
      live: { rows: results.slice(0, 2), wind: null, updatedAt: new Date().toISOString() },
    });
    const page = await open(`/event/${saved.id}`, 360);
    await row(page, 'Anna Byrne').waitFor();
    await updateEvent(t.runtime, saved.id, {
      live: {
        rows: [results[0]!, { ...results[1]!, performance: '24.80' }],
        wind: null,
        updatedAt: new Date().toISOString(),
      },
    });
    await page.getByText('24.80').waitFor();
    // The results file then replaces the lines: not a correction either.
    await updateEvent(t.runtime, saved.id, { status: 'official', results });
    await page.getByText('24.89').waitFor();
    expect(await page.locator('tr.is-corrected').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Corrected/ }).count()).toBe(0);
    expect(await page.getByText(/Results corrected/).count()).toBe(0);
    await page.close();
  });
});
