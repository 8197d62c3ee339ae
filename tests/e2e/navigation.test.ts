import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createClub, createCompetition, createEvent } from '../support/factory.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  horizontalOverflow,
  sharedBrowser,
  screenshot,
  settledVisitorPage,
} from '../support/browser.ts';

// The header leads back to the results the visitor is looking at, and an address that names
// nothing is a real not-found page.

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

async function clubWithTwoMeets(urlName: string) {
  const db = t.runtime.db;
  const club = await createClub(db, { clubName: 'Leevale AC', urlName });
  const uics: Record<string, string> = {};
  for (const [competitionName, meetUrl] of [
    ['Cork City Sports', 'city-sports'],
    ['Munster Open', 'munster-open'],
  ] as const) {
    const competition = await createCompetition(db, club.uic, {
      competitionName,
      urlName: meetUrl,
    });
    await createEvent(db, competition.uic, { eventName: `${competitionName} 100m` });
    uics[competitionName] = String(competition.uic);
  }
  return { club, uics };
}

/**
 * Where the logo and the Results link lead. Read from the markup, not by role: on a phone the
 * Results link sits in the closed menu, hidden, yet leads where it will once opened.
 */
async function headerTargets(page: Page) {
  return {
    logo: await page.locator('header a.site-brand').getAttribute('href'),
    results: await page
      .locator('header nav[aria-label="Main"] a', { hasText: /^Results$/ })
      .getAttribute('href'),
  };
}

describe('the header', () => {
  for (const width of [1280, 360]) {
    it(`leads to the competition just chosen, not the one before it (${width} px)`, async () => {
      const { club, uics } = await clubWithTwoMeets(`leevale-header-${width}`);
      const a = `/${club.urlName}/city-sports`;
      const b = `/${club.urlName}/munster-open`;
      const page = await settledVisitorPage(browser, width);
      await page.goto(t.url + a);
      await page.getByRole('heading', { name: 'Leevale AC — Cork City Sports' }).waitFor();
      await expect.poll(() => headerTargets(page)).toEqual({ logo: a, results: a });

      const selector = page.getByLabel('Select the Competition');
      // The option reads 'Munster Open · {date}': chosen by its value, as a tap chooses it.
      await selector.selectOption(uics['Munster Open']!);
      await page.waitForURL(t.url + b);
      await page.getByRole('heading', { name: 'Leevale AC — Munster Open' }).waitFor();
      await expect.poll(() => headerTargets(page)).toEqual({ logo: b, results: b });

      await selector.selectOption(uics['Cork City Sports']!);
      await page.waitForURL(t.url + a);
      await expect.poll(() => headerTargets(page)).toEqual({ logo: a, results: a });

      // From another page, Results opens the competition chosen last.
      await page.goto(`${t.url}${b}`);
      await page.getByRole('heading', { name: 'Leevale AC — Munster Open' }).waitFor();
      await page.goto(`${t.url}/pricing`);
      if (width < 640) await page.getByRole('button', { name: 'Open menu' }).click();
      await screenshot(page, `header-results-link-${width}`);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Results' })
        .click();
      await page.waitForURL(t.url + b);
      await page.getByRole('heading', { name: 'Leevale AC — Munster Open' }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.close();
    });
  }
});

describe('an address that names nothing', () => {
  it('answers 404 with the not-found page, noindex, and the way home', async () => {
    const page = await settledVisitorPage(browser, 360);
    const robots = () => page.locator('meta[name="robots"]').getAttribute('content');
    for (const path of ['/no-such-club', '/no-such-club/no-such-meet', `/${'x'.repeat(400)}`]) {
      const response = await page.goto(t.url + path);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
      expect(await robots()).toBe('noindex');
      expect(await page.title()).toBe('Page Not Found | Rith');
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'not-found-360');
    // Leaving the not-found page inside the app makes the next page indexable again.
    await page.getByRole('link', { name: 'Return to Homepage' }).click();
    await expect.poll(robots).toBe('index, follow');
    await page.close();
  });
});
