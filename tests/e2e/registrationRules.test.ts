import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import { fromNewestMail } from '../support/outbox.ts';
import { sharedBrowser, screenshot, settledVisitorPage } from '../support/browser.ts';
import { packageId } from '../support/admin.ts';
import { createClub, createCompetition, unique } from '../support/factory.ts';

// Issue 13, points 15, 18, 20 and 22 as a club, an athlete and a parent meet them on a phone:
// a paid plan shows itself but cannot be started, a refused club sign-up says why where the
// person is looking, entries that have closed say so, and athletes are told they need no
// account.

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

const phone = (): Promise<Page> => settledVisitorPage(browser, 360);

/** The path of the newest verification link e-mailed to the address. */
function verifyLink(email: string): Promise<string> {
  return fromNewestMail(t.runtime.db, email, /(\/verify\/[\w-]+)/);
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe('registration rules on a phone', () => {
  it('shows a paid plan with Coming Soon and no form to start it', async () => {
    const page = await phone();
    await page.goto(`${t.url}/register/package/${await packageId(t.runtime.db, 'Club')}`);
    await page.getByText('Coming Soon', { exact: true }).first().waitFor();
    await page.getByText('Club', { exact: true }).first().waitFor();
    expect(await page.getByLabel('Email').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Send verification link' }).count()).toBe(0);
    await screenshot(page, 'register-paid-plan-360');
    await page.close();
  });

  it("brings a refused club sign-up's reason into view and focuses it", async () => {
    const taken = await createClub(t.runtime.db);
    const email = `${unique('manager')}@club.ie`;
    const page = await phone();
    await page.goto(`${t.url}/register/package/${await packageId(t.runtime.db, 'Recreational')}`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send verification link' }).click();
    await page
      .getByText(/check your e-?mail/i)
      .first()
      .waitFor();
    await page.goto(t.url + (await verifyLink(email)));
    await page.waitForURL(/step=personal&validated=1&token=/);

    await page.locator('input[type="password"]').fill('Club-start-line-1!');
    await page.getByLabel('Manager name').fill('Seán Walsh');
    await page.getByLabel('Club name').fill('Second Harriers');
    await page.getByLabel('Club URL name').fill(taken.urlName!);
    await page.getByLabel('Club address').fill('Quay Road');
    await page.getByLabel('City').fill('Ballina');
    await page.getByLabel('State / county').fill('Mayo');
    await page.getByLabel('Zip / Eircode').fill('F26 X2Y3');
    await page.getByLabel('Phone').fill('096 12345');
    await page.getByLabel('None / Manual Data Entry').check();
    await page.getByRole('button', { name: 'Register club' }).click();

    // The reason, where the person is looking, and read out: focus moves to it.
    const reason = page.getByText('Another club already uses this URL name.');
    await reason.waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.textContent?.includes('URL name') ?? false),
      )
      .toBe(true);
    const box = await reason.boundingBox();
    const height = page.viewportSize()!.height;
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(height);
    await screenshot(page, 'register-club-refused-360');
    await page.close();
  });

  it('says entries have closed for a competition that is over, and leads to its results', async () => {
    const club = await createClub(t.runtime.db);
    const over = await createCompetition(t.runtime.db, club.uic, {
      competitionName: 'Last Week Open',
      date: isoDay(-7),
    });
    const page = await phone();
    await page.goto(`${t.url}/register/competition/${over.uic}`);
    await page.getByRole('heading', { name: 'Entries closed' }).waitFor();
    expect(await page.getByLabel('Email').count()).toBe(0);
    await page.getByRole('link', { name: 'Start lists and results' }).waitFor();
    await page.close();
  });

  it('tells an athlete on the Log in tab that athletes have no account', async () => {
    const club = await createClub(t.runtime.db);
    const open = await createCompetition(t.runtime.db, club.uic, { date: isoDay(60) });
    const page = await phone();
    await page.goto(`${t.url}/register/competition/${open.uic}`);
    await page.getByRole('tab', { name: 'Log in' }).click();
    await page.getByText('Athletes do not have an account').waitFor();
    await page.close();
  });
});
