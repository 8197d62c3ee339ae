import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  horizontalOverflow,
  sharedBrowser,
  screenshot,
  settledVisitorPage,
} from '../support/browser.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { meetFile, uploadBatches } from '../support/meets.ts';

// A real indoor meet (tests/fixtures/meets/college-indoor: the real lynx.evt with heats and
// finals, timed-final sections, flights) published by a timing operator from the admin
// console's FinishLynx dialog, as spectators watch on their phones: every heat told apart,
// nothing left to edit, and the final's results arriving on an open page without a reload.

const MEET = 'college-indoor';
/** Everything but the final of the women's 60 m, which is run later in the session. */
const FIRST = [
  'lynx.evt',
  '001-1-01.lif',
  '001-1-02.lif',
  '001-1-03.lif',
  '001-1-04.lif',
  '011-1-01.lif',
  '011-1-02.lif',
  '017-1-01.lif',
  '022-1-01.lff',
  '029-1-01.lff',
  '029-1-02.lff',
  '029-1-03.lff',
];

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

const markWindow = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { rithMark: string }).rithMark = 'not reloaded';
  });
const stillSameWindow = (page: Page) =>
  page.evaluate(() => (window as unknown as { rithMark?: string }).rithMark);

describe('a real meet from the timing room', () => {
  // A whole scenario end to end: beside another browser file on 2 cores it passes 60 s.
  it('reaches a phone with every heat told apart, and the final live on its open page', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const competition = await createCompetition(t.runtime.db, club.uic, {
      competitionName: 'Indoor Invitational',
      liveNow: true,
    });

    // A spectator waits on the competition's page before anything is uploaded.
    const phone = await newPage(360);
    await phone.goto(`${t.url}/?cid=${competition.uic}`);
    await phone.getByText('Events Data Not Available').waitFor();
    // The meet is live: the page says its updates are on (and never 'Live', LIVE NOW's word).
    await phone.getByRole('status').filter({ hasText: 'Updates on' }).first().waitFor();
    await markWindow(phone);

    // The operator sends the session's files from the FinishLynx dialog.
    const desk = await newPage(1280);
    await desk.goto(`${t.url}/login`);
    await desk.getByLabel('Email').fill(admin.email);
    await desk.getByLabel('Password').fill(admin.password);
    await desk.getByRole('button', { name: 'Log in' }).click();
    await desk.waitForURL(`${t.url}/admin`);
    await desk.getByRole('button', { name: 'Upload FinishLynx files' }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByLabel('Choose FinishLynx files').setInputFiles(
      FIRST.map((name) => ({
        name,
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(meetFile(MEET, name)),
      })),
    );
    await dialog.getByRole('button', { name: `Upload ${FIRST.length} files` }).click();
    await dialog
      .getByText('Start List and Results parsed successfully!')
      .waitFor({ timeout: 30_000 });
    await dialog.getByText(`${FIRST.length} of ${FIRST.length} files used`).waitFor();
    const report = dialog.getByRole('region', { name: 'What each file did' });
    await report.getByText('Women 60 Meter Dash · Heats · Heat 2 of 4').first().waitFor();
    await report.getByText('Women 800 Meter Run · Finals · Section 1 of 2').first().waitFor();
    await screenshot(desk, 'real-meet-upload-report-1280');
    // The report reads on a phone too.
    await desk.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(desk)).toBe(0);
    await screenshot(desk, 'real-meet-upload-report-360');
    await desk.setViewportSize({ width: 1280, height: 900 });

    // Nothing is left for the admin to edit.
    await desk.keyboard.press('Escape');
    await desk.getByRole('region', { name: 'Events' }).getByText('Heat 4 of 4').first().waitFor();
    expect(await desk.getByText('Imported (Edit Required)').count()).toBe(0);
    expect(await desk.getByText('N/A', { exact: true }).count()).toBe(0);
    await screenshot(desk, 'real-meet-admin-events-1280');

    // The phone shows the heats apart, without a reload.
    const cards = phone.locator('.event-cards');
    await cards.getByText('Heat 3 of 4').first().waitFor();
    await cards.getByText('Section 2 of 2').first().waitFor();
    expect(await phone.getByText('Imported (Edit Required)').count()).toBe(0);
    expect(await stillSameWindow(phone)).toBe('not reloaded');
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'real-meet-home-360');
    const options = await phone.locator('#event-select option').allTextContents();
    expect(options).toContain('Women 60 Meter Dash, Heat 2 of 4');

    // A section of the timed final shows the whole race ranked by time.
    // Screen readers hear which heat a link opens.
    await cards
      .getByRole('link', { name: 'Women 800 Meter Run Section 1 of 2', exact: true })
      .click();
    await phone.getByRole('heading', { name: 'Women 800 Meter Run', level: 1 }).waitFor();
    await phone.getByText('1 of 2').waitFor();
    await phone.getByRole('heading', { name: 'Overall: all 2 sections by time' }).waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'real-meet-timed-final-360');

    // The flights of the shot put are one event, ranked by overall place, flight shown.
    const shot = await newPage(1280);
    await shot.goto(`${t.url}/?cid=${competition.uic}`);
    await shot.getByRole('link', { name: 'Women Shot Put', exact: true }).first().click();
    const results = shot.getByRole('region', { name: 'Results' });
    await results.getByRole('columnheader', { name: 'Flight' }).waitFor();
    await screenshot(shot, 'real-meet-shot-put-flights-1280');
    await shot.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(shot)).toBe(0);
    await screenshot(shot, 'real-meet-shot-put-flights-360');

    // The final is next: the phone opens it and sees its start list...
    await phone.goto(`${t.url}/?cid=${competition.uic}`);
    await phone
      .locator('.event-card', { hasText: 'Finals' })
      .getByRole('link', { name: 'Women 60 Meter Dash', exact: true })
      .click();
    await phone.getByRole('heading', { name: 'Start List' }).waitFor();
    await markWindow(phone);

    // ...and its results appear there as soon as the operator sends the final's file.
    const client = await loggedIn(t.url, admin.email);
    await uploadBatches(client, competition.uic, MEET, [['001-2-01.lif']]);
    await phone.getByRole('heading', { name: 'Results' }).waitFor();
    expect(await stillSameWindow(phone)).toBe('not reloaded');
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'real-meet-final-live-360');

    await Promise.all([phone.close(), desk.close(), shot.close()]);
  }, 120_000);
});
