import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import { sharedBrowser, screenshot, settledVisitorPage } from '../support/browser.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { fixture, supersedeFromDialog } from '../support/uploads.ts';
import { SUPERSEDED_REASON } from '../../shared/uploadRules.ts';

// Issue 27: an upload whose job ran only after a newer file of its heat was published (held
// back by an outage) was not used, and nothing is wrong with it. The admin is told so in
// grey words, "Superseded", never with the red alert of a failure to fix.

let t: TestApp;
let browser: Browser;
beforeAll(async () => {
  // No job runs by itself: the test runs them, the newer upload's first.
  t = await startTestApp({ serveClient: true, processors: false });
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('an upload superseded by a newer file of its heat', () => {
  it('is shown as Superseded, with the reason, in grey and not as an alert', async () => {
    const db = t.runtime.db;
    const { club, admin } = await clubWithAdmin(db);
    const competition = await createCompetition(db, club.uic, { liveNow: true });
    const page = await settledVisitorPage(browser, 1280);
    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${t.url}/admin`);
    await page.getByRole('button', { name: 'Upload FinishLynx files' }).click();

    await supersedeFromDialog(
      page,
      t.runtime,
      await loggedIn(t.url, admin.email),
      competition.uic,
      { name: '001-1-01.lif', bytes: fixture('finishlynx', '001-1-01.lif') },
    );

    const dialog = page.getByRole('dialog');
    const notice = dialog.locator('.upload-superseded');
    await notice.getByText('Superseded.').waitFor();
    expect(await notice.innerText()).toContain(SUPERSEDED_REASON);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    const danger = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = 'var(--danger)';
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    const file = dialog.locator('.report-file');
    for (const shown of [
      notice,
      file.locator('.report-file-outcome'),
      file.locator('.report-reason'),
    ]) {
      expect(await shown.evaluate((el) => getComputedStyle(el).color)).not.toBe(danger);
    }
    expect(await file.evaluate((el) => getComputedStyle(el).borderLeftColor)).not.toBe(danger);
    await dialog.getByText('0 of 1 file used, 1 superseded').waitFor();
    expect(await file.locator('.report-file-outcome').innerText()).toBe('Superseded');
    await screenshot(page, 'upload-superseded-1280');
  });
});
