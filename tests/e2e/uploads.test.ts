import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  horizontalOverflow,
  sharedBrowser,
  screenshot,
  settledVisitorPage,
  waitForUpdates,
} from '../support/browser.ts';
import { clubWithAdmin } from '../support/admin.ts';
import { createCompetition, createEvent } from '../support/factory.ts';
import { fixture } from '../support/uploads.ts';

// The banner's promise: the timing operator uploads what the finish camera wrote, and a
// spectator's open event page shows the results without a reload.

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

const newPage = (width: number): Promise<Page> => settledVisitorPage(browser, width);

describe('uploading a FinishLynx result file', () => {
  it("puts the results on a spectator's open event page without a reload", async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const competition = await createCompetition(t.runtime.db, club.uic, { liveNow: true });
    const event = await createEvent(t.runtime.db, competition.uic, {
      eventName: 'Women 3000m Steeplechase',
      round: 'finals',
      trackDiscipline: 'CUSTOM',
    });

    const spectator = await newPage(360);
    await spectator.goto(`${t.url}/event/${event.id}`);
    await spectator.getByRole('heading', { name: /Women 3000m Steeplechase/ }).waitFor();
    await spectator.evaluate(() => {
      (window as unknown as { rithMark: string }).rithMark = 'not reloaded';
    });
    await waitForUpdates(spectator);

    const page = await newPage(1280);
    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${t.url}/admin`);
    await page.goto(`${t.url}/admin?event=${event.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Results file type').selectOption('LYNX_MEET_MANAGMENT');
    await dialog.getByLabel('Choose results file').setInputFiles({
      name: '001-1-01.lif',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(fixture('finishlynx', '001-1-01.lif')),
    });
    await dialog.getByText('Results parsed successfully!').waitFor({ timeout: 20_000 });
    // The form shows what the file set, so saving it afterwards keeps them.
    expect(await dialog.getByLabel('Status').inputValue()).toBe('official');
    expect(await dialog.getByLabel(/Wind speed/).inputValue()).toBe('-1.4');
    await screenshot(page, 'upload-results-1280');

    await spectator.getByText("O'Day").first().waitFor();
    await spectator.getByText('11:16.33').first().waitFor();
    expect(
      await spectator.evaluate(() => (window as unknown as { rithMark?: string }).rithMark),
    ).toBe('not reloaded');
    expect(await horizontalOverflow(spectator)).toBe(0);
    await screenshot(spectator, 'upload-results-spectator-360');

    // Deleting the results file is marked, then carried out on save: the event goes back to
    // upcoming and the spectator's page drops the results.
    await dialog.getByRole('button', { name: 'Delete results' }).click();
    await dialog.getByText('Marked for deletion').waitFor();
    expect(await dialog.getByLabel('Status').inputValue()).toBe('upcoming');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await spectator.getByText("O'Day").first().waitFor({ state: 'detached' });
    const saved = await t.runtime.db
      .selectFrom('events')
      .select(['status', 'resultsFileType', 'results'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ status: 'upcoming', resultsFileType: 'NONE', results: [] });
    await page.close();
    await spectator.close();
  });
});
