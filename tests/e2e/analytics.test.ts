import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import { launchBrowser, rememberedVisitor } from '../support/browser.ts';
import { createClub, createCompetition, createEvent } from '../support/factory.ts';

// Analytics run only after consent is stored as given, and never on localhost. The site is
// opened as http://rith.test (mapped to this machine) to be a public host; the provider's
// script is answered with nothing, so the events stay in its queue for the test to read.

let t: TestApp;
let browser: Browser;
let port: string;
beforeAll(async () => {
  t = await startTestApp({
    serveClient: true,
    config: { analytics: { provider: 'plausible', id: 'rith.test' } },
  });
  port = new URL(t.url).port;
  browser = await launchBrowser(['--host-resolver-rules=MAP rith.test 127.0.0.1']);
  const club = await createClub(t.runtime.db);
  const competition = await createCompetition(t.runtime.db, club.uic);
  await createEvent(t.runtime.db, competition.uic);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function open(url: string, consent: boolean) {
  const page = await browser.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.route('https://plausible.io/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  await rememberedVisitor(
    page.context(),
    { bannerSeen: true, cookieConsent: consent },
    new URL(url).hostname,
  );
  await page.goto(url);
  await page.getByText('Select the Competition').first().waitFor();
  return { page, requests };
}

const queued = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { plausible?: { q?: unknown[][] } }).plausible?.q ?? []).map((args) =>
      String(args[0]),
    ),
  );

/**
 * The same steps on the public host with consent, which must queue `expected` (among page
 * views of the address as the page settles on its selection): the proof that
 * a page opened before it had the time to send, so "nothing" is not just "not yet".
 */
async function consentedControl(expected: string[]) {
  const { page } = await open(`http://rith.test:${port}/`, true);
  if (expected.includes('banner_toggle')) {
    await page.getByRole('button', { name: 'Expand' }).click();
  }
  await expect.poll(() => queued(page)).toEqual(expect.arrayContaining(expected));
  await page.close();
}

describe('analytics', () => {
  it('send nothing before consent, then the page view and the events once it is given', async () => {
    const { page, requests } = await open(`http://rith.test:${port}/`, false);
    // A page with consent, opened after this one, must queue its page view: by then this one
    // has had as long to send anything, and has not.
    await consentedControl(['pageview']);
    expect(await queued(page)).toEqual([]);
    expect(
      requests.filter((u) => u.includes('plausible') || u.includes('analytics-config')),
    ).toEqual([]);

    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => queued(page)).toEqual(['pageview']);
    // The script is added with the first event; its request follows a moment later.
    await expect
      .poll(() => requests.some((u) => u.startsWith('https://plausible.io/js/script.manual.js')))
      .toBe(true);
    await page.getByRole('button', { name: 'Expand' }).click();
    await expect.poll(() => queued(page)).toEqual(['pageview', 'banner_toggle']);
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect
      .poll(() => queued(page))
      .toEqual(['pageview', 'banner_toggle', 'footer_link_click', 'pageview']);
    await page.close();
  });

  it('send nothing from localhost, consent or not', async () => {
    const { page, requests } = await open(`http://127.0.0.1:${port}/`, true);
    await page.getByRole('button', { name: 'Expand' }).click();
    await consentedControl(['pageview', 'banner_toggle']);
    expect(await queued(page)).toEqual([]);
    expect(requests.filter((u) => u.includes('plausible'))).toEqual([]);
    await page.close();
  });
});
