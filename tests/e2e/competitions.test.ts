import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createClub, createCompetition } from '../support/factory.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  horizontalOverflow,
  sharedBrowser,
  screenshot,
  settledVisitorPage,
} from '../support/browser.ts';

// The competitions page: Upcoming and Past tabs of cards, 8 to a page, the
// pages served by the server, so a visitor fetches the cards shown and not every competition.

let t: TestApp;
let browser: Browser;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
  const db = t.runtime.db;
  const club = await createClub(db, { clubName: 'Clonliffe Harriers', urlName: 'clonliffe' });
  // Ten upcoming meets, soonest first: 'Meet 01' to 'Meet 10'.
  for (let i = 1; i <= 10; i += 1) {
    await createCompetition(db, club.uic, {
      competitionName: `Meet ${String(i).padStart(2, '0')}`,
      urlName: `meet-${i}`,
      date: inDays(10 + i),
    });
  }
  await createCompetition(db, club.uic, {
    competitionName: 'Last Summer Open',
    urlName: 'last-summer-open',
    date: inDays(-200),
  });
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The API addresses the page asked for, in order. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  return calls;
}

const cardTitles = (page: Page) => page.locator('.cl-card-title').allTextContents();

describe('the competitions page', () => {
  it('shows 8 cards a page with each tab count, and pages by keyboard', async () => {
    const page = await settledVisitorPage(browser, 1280);
    const calls = apiCalls(page);
    await page.goto(`${t.url}/competitions`);
    await page.getByRole('heading', { name: 'Competitions', level: 1 }).waitFor();
    await expect.poll(() => cardTitles(page)).toHaveLength(8);
    expect((await cardTitles(page))[0]).toBe('Meet 01');
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.map((text) => text.replace(/\s+/g, ' '))).toEqual(['Upcoming, 10', 'Past, 1']);
    const register = page.getByRole('link', { name: 'Register for Meet 01' });
    expect(await register.getAttribute('href')).toMatch(/^\/register\/competition\/\d+$/);

    // The pager works from the keyboard: a link reached by Tab, followed with Enter.
    const pager = page.getByRole('navigation', { name: 'Upcoming competitions pages' });
    const second = pager.getByRole('link', { name: 'Page 2' });
    await second.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/competitions?page=2');
    await expect.poll(() => cardTitles(page)).toEqual(['Meet 09', 'Meet 10']);
    expect(await pager.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await pager.getByRole('link', { name: 'Previous' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/competitions$/);
    await expect.poll(() => cardTitles(page)).toHaveLength(8);

    // Each page asked the server for its own cards, never for the whole list.
    expect(calls).toContain('/api/competitions/upcoming?page=1');
    expect(calls).toContain('/api/competitions/upcoming?page=2');
    expect(calls).not.toContain('/api/competitions');
    expect(calls).not.toContain('/api/clubs');
    await page.close();
  });

  it('lists past competitions newest first, each leading to its results', async () => {
    const page = await settledVisitorPage(browser, 1280);
    await page.goto(`${t.url}/competitions`);
    await page.getByRole('tab', { name: /^Past/ }).click();
    await page.waitForURL('**/competitions?tab=past');
    await expect.poll(() => cardTitles(page)).toEqual(['Last Summer Open']);
    const results = page.getByRole('link', { name: 'Results of Last Summer Open' });
    expect(await results.getAttribute('href')).toBe('/clonliffe/last-summer-open');
    // One page only: no pager.
    expect(await page.getByRole('navigation', { name: 'Past competitions pages' }).count()).toBe(0);
    await page.close();
  });

  it('opens a page from its address, and pages on a 360 px phone without sideways scrolling', async () => {
    const page = await settledVisitorPage(browser, 360);
    await page.goto(`${t.url}/competitions?page=2`);
    await expect.poll(() => cardTitles(page)).toEqual(['Meet 09', 'Meet 10']);
    const pager = page.getByRole('navigation', { name: 'Upcoming competitions pages' });
    expect(await pager.isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'competitions-page-2-phone-360');
    await pager.getByRole('link', { name: 'Page 1' }).click();
    await page.waitForURL(/\/competitions$/);
    await expect.poll(() => cardTitles(page)).toHaveLength(8);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.close();
  });
});
