import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  horizontalOverflow,
  screenshot,
  seriousViolations,
  settledVisitorPage,
  sharedBrowser,
  waitForUpdates,
} from '../support/browser.ts';
import { clubWithAdmin, eventBody, loggedIn } from '../support/admin.ts';
import { athlete, createCompetition } from '../support/factory.ts';
import type { AdminEvent } from '../../shared/schemas/admin.ts';

// Bests and records in a real browser (issue 31): the club admin uploads the meeting records
// from the console's template; a spectator's phone on a final sees the PB and the meeting
// record land with the results, pushed, the old record beside the new; the athlete's name
// opens their page across competitions, at 360 px and on a desktop.

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

const RECORDS_TEMPLATE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../client/public/templates/manualRecords.xlsx',
);

describe('bests and records', () => {
  it('the admin uploads the records; a phone sees PB and MR land live; the name opens the athlete', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const client = await loggedIn(t.url, admin.email);
    const past = await createCompetition(t.runtime.db, club.uic, {
      competitionName: 'Summer Open 2025',
      date: '2025-06-14',
    });
    const today = await createCompetition(t.runtime.db, club.uic, {
      competitionName: 'County Championships',
      liveNow: true,
    });
    const post = async (uic: number, body: Record<string, unknown>) => {
      const res = await client.json<AdminEvent>(`/api/admin/competitions/${uic}/events`, {
        method: 'POST',
        json: eventBody({ round: 'finals', ...body }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    await post(past.uic, {
      eventName: "Women's 100m",
      status: 'official',
      windSpeed: '+0.5',
      resultsFileType: 'MANUAL',
      results: [athlete({ name: 'Aoife Ryan', club: 'Tuam AC', rank: '1', performance: '11.61' })],
    });
    const final = await post(today.uic, {
      eventName: "Women's 100m Final",
      startListType: 'MANUAL',
      startListFile: [
        athlete({ name: 'Aoife Ryan', club: 'Tuam AC', lane: '4' }),
        athlete({ name: 'Ciara Walsh', club: 'Galway City Harriers', lane: '5' }),
      ],
    });

    // The club admin, in the console: the records template, uploaded as it downloads.
    const console = await settledVisitorPage(browser, 1280);
    await console.goto(`${t.url}/login`);
    await console.getByLabel('Email').fill(admin.email);
    await console.getByLabel('Password').fill(admin.password);
    await console.getByRole('button', { name: 'Log in' }).click();
    await console.waitForURL(`${t.url}/admin`);
    const records = console.getByRole('region', { name: /^Records/ }).first();
    await records.getByText('Download the records template (.xlsx)').waitFor();
    await console.getByLabel('Upload records (.xlsx, .csv)').setInputFiles(RECORDS_TEMPLATE);
    await records.getByText('1 record saved.').waitFor();
    await records.getByRole('cell', { name: 'Aoife Murphy' }).waitFor();
    await screenshot(console, 'bests-console-records-1280');

    // A spectator's phone on the final, before its results.
    const phone = await settledVisitorPage(browser, 360);
    await phone.goto(`${t.url}/event/${final.id}`);
    await phone.getByRole('region', { name: 'Start List' }).first().waitFor();
    await waitForUpdates(phone);
    const put = await client.json(`/api/admin/events/${final.id}`, {
      method: 'PUT',
      json: eventBody({
        eventName: "Women's 100m Final",
        round: 'finals',
        status: 'official',
        windSpeed: '+1.1',
        resultsFileType: 'MANUAL',
        results: [
          athlete({ name: 'Aoife Ryan', club: 'Tuam AC', rank: '1', performance: '11.38' }),
          athlete({
            name: 'Ciara Walsh',
            club: 'Galway City Harriers',
            rank: '2',
            performance: '11.90',
          }),
        ],
      }),
    });
    expect(put.status).toBe(200);
    // Pushed with the results: no reload.
    const results = phone.getByRole('region', { name: 'Results' }).first();
    const ryan = results.locator('tr', { hasText: 'Aoife Ryan' });
    await ryan.getByText('MR', { exact: true }).waitFor();
    expect(await ryan.textContent()).toContain('Personal best');
    expect(await results.locator('tr', { hasText: 'Ciara Walsh' }).textContent()).not.toContain(
      'best',
    );
    await phone
      .getByText('Meeting record: Aoife Ryan 11.38, was 11.42 (Aoife Murphy, 2019)')
      .waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    expect(await seriousViolations(phone)).toEqual([]);
    await screenshot(phone, 'bests-final-360');

    // Her name opens her page: both meets, her bests.
    await ryan.getByRole('link', { name: 'Aoife Ryan' }).click();
    await phone.getByRole('heading', { name: 'Aoife Ryan', level: 1 }).waitFor();
    const bests = phone.getByRole('region', { name: 'Bests' }).first();
    expect(await bests.locator('tbody tr').first().textContent()).toContain('11.38');
    const list = phone.getByRole('region', { name: 'Results' }).first();
    expect(await list.locator('tbody tr').count()).toBe(2);
    expect(await list.locator('tbody tr').first().textContent()).toContain('County Championships');
    expect(await horizontalOverflow(phone)).toBe(0);
    expect(await seriousViolations(phone)).toEqual([]);
    await screenshot(phone, 'bests-athlete-360');

    const desktop = await settledVisitorPage(browser, 1280);
    await desktop.goto(phone.url());
    await desktop.getByRole('heading', { name: 'Aoife Ryan', level: 1 }).waitFor();
    expect(await seriousViolations(desktop)).toEqual([]);
    await screenshot(desktop, 'bests-athlete-1280');
    for (const page of [console, phone, desktop]) await page.close();
  }, 120_000);
});
