import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  horizontalOverflow,
  screenshot,
  screenshotDir,
  seriousViolations,
  settledVisitorPage,
  sharedBrowser,
} from '../support/browser.ts';
import { clubWithAdmin } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import type { EventSummary } from '../../shared/schemas/event.ts';

// Meets in and out in a real browser (issue 32): the club admin imports a real OpenTrack meet
// from the console, sees what it holds before anything changes, imports it, and marks the
// results sent; a spectator's phone shows an imported field event with its trials and opens
// its official results PDF.

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

const OPENTRACK = path.resolve('tests/fixtures/exchange/opentrack-seriestevne-3-2025.json');

describe('meets in and out', () => {
  it('the admin previews and imports an OpenTrack meet; a phone sees it and its PDF', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const meet = await createCompetition(t.runtime.db, club.uic, {
      competitionName: 'Seriestevne 3',
      date: '2025-05-21',
    });

    const console = await settledVisitorPage(browser, 1280);
    await console.goto(`${t.url}/login`);
    await console.getByLabel('Email').fill(admin.email);
    await console.getByLabel('Password').fill(admin.password);
    await console.getByRole('button', { name: 'Log in' }).click();
    await console.waitForURL(`${t.url}/admin`);
    const section = console.getByRole('region', { name: /^Import and export/ });
    await console.getByLabel('Import entries or results').setInputFiles(OPENTRACK);
    await section.getByText('Preview of the OpenTrack competition — 8 events').waitFor();
    const preview = section.getByRole('region', { name: 'Events in the file' });
    expect(await preview.getByRole('cell', { name: 'Will be created' }).count()).toBe(8);
    // Nothing changed yet: only the preview names the event, the events table does not.
    expect(await console.getByRole('cell', { name: 'J15 Slegge (Hammer Throw)' }).count()).toBe(1);
    expect(await seriousViolations(console)).toEqual([]);
    await screenshot(console, 'exchange-console-preview-1280');

    await section.getByRole('button', { name: 'Import opentrack-seriestevne-3-2025.json' }).click();
    await section.getByText('Imported: OpenTrack competition — 8 events').waitFor();
    expect(await section.getByRole('cell', { name: 'Created' }).count()).toBe(8);
    await section.getByRole('button', { name: 'Mark results final' }).click();
    await section.getByText(/Marked final for the federation on/).waitFor();
    await screenshot(console, 'exchange-console-imported-1280');
    await console.setViewportSize({ width: 360, height: 800 });
    await section.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(console)).toBe(0);
    await section.screenshot({ path: path.join(screenshotDir, 'exchange-console-360.png') });

    const events = (await (
      await fetch(`${t.url}/api/events?competitionUic=${meet.uic}`)
    ).json()) as EventSummary[];
    const hammer = events.find((e) => e.eventName === 'J15 Slegge (Hammer Throw)')!;
    const phone = await settledVisitorPage(browser, 360);
    await phone.goto(`${t.url}/event/${hammer.id}`);
    const results = phone.getByRole('region', { name: 'Results' }).first();
    await results.locator('tbody tr').first().waitFor();
    expect(await results.locator('tbody tr').count()).toBe(2);
    const pdf = phone.getByRole('link', { name: 'Results PDF' });
    const href = await pdf.getAttribute('href');
    expect(href).toBe(`/api/events/${hammer.id}/results.pdf`);
    const sheet = await phone.request.get(`${t.url}${href}`);
    expect(sheet.headers()['content-type']).toBe('application/pdf');
    expect((await sheet.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await horizontalOverflow(phone)).toBe(0);
    expect(await seriousViolations(phone)).toEqual([]);
    await screenshot(phone, 'exchange-event-360');
    for (const page of [console, phone]) await page.close();
  }, 120_000);
});
