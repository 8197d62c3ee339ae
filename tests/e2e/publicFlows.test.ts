import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createClub, createCompetition, createEvent } from '../support/factory.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { sharedBrowser, screenshot } from '../support/browser.ts';

let t: TestApp;
let browser: Browser;

beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
  const club = await createClub(t.runtime.db, { clubName: 'Sligo AC', urlName: 'sligo' });
  const meet = await createCompetition(t.runtime.db, club.uic, { urlName: 'sligo-open' });
  await createEvent(t.runtime.db, meet.uic, { eventName: 'Women 100m' });
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function firstVisit(path = '/sligo/sligo-open'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(t.url + path);
  return page;
}

describe('first visit', () => {
  it('collapses the banner after a second, remembers it, and lets the visitor expand it', async () => {
    const page = await firstVisit();
    const toggle = page.getByRole('button', { name: /collapse|expand/i });
    await toggle.waitFor();
    await page.waitForFunction(() => document.cookie.includes('rith_banner_seen=1'), null, {
      timeout: 3000,
    });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.close();
  });

  it('shows the cookie bar until Accept stores consent', async () => {
    const page = await firstVisit();
    const bar = page.getByRole('region', { name: 'Cookie consent' });
    await bar.waitFor();
    await bar.getByRole('button', { name: 'Accept' }).click();
    await bar.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.cookie)).toContain('rith_cookie_consent=1');
    await page.reload();
    await page.getByRole('heading', { name: /Events for/ }).waitFor();
    expect(await bar.count()).toBe(0);
    await page.close();
  });
});

describe('waiting-list modal', () => {
  it('joins the waiting list, cleaning what is typed, and thanks the visitor', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${t.url}/sligo/sligo-open`);
    await page.getByRole('button', { name: 'Book a Free Demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a Free Demo' });
    await dialog.waitFor();
    const field = dialog.getByLabel(/e-?mail/i);
    await field.pressSequentially('coach (sligo)@example.ie');
    expect(await field.inputValue()).toBe('coachsligo@example.ie');
    await screenshot(page, 'waiting-list-modal');
    await dialog.getByRole('button', { name: 'Join Waiting List & Book Free Demo' }).click();
    await dialog.getByText(/thank you/i).waitFor();
    const rows = await t.runtime.db
      .selectFrom('waitingList')
      .select('email')
      .where('email', '=', 'coachsligo@example.ie')
      .execute();
    expect(rows).toHaveLength(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });
});
