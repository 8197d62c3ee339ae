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
import { clubWithAdmin, samples } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { RECREATIONAL_PLAN } from '../../server/pricing/plans.ts';
import { COMPETITION_LIMIT_TEXT, featureBlockedMessage } from '../../shared/planGating.ts';

// A club admin runs a meet from /admin while a spectator watches the public page: what the
// admin saves appears there without a reload.

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

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${t.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${t.url}/admin`);
  await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
}

describe('the admin console', () => {
  it('sends a visitor to /login, and shows "Invalid credentials" for a wrong password', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const page = await newPage(360);
    await page.goto(`${t.url}/admin`);
    await page.waitForURL(`${t.url}/login`);
    expect(await page.title()).toMatch(/Rith$/);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('Wrong-password-1!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid credentials').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'login-failed-360');
    await page.close();
  });

  it('creates a competition and an event, edits them, goes live, and a spectator sees it all without reloading', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const page = await newPage(1280);
    await logIn(page, admin.email, admin.password);
    await page.getByText('No Competitions Available').first().waitFor();

    // Add a competition; its URL name follows the name.
    await page.getByRole('button', { name: 'Add New Competition' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Competition name').fill('Santry Summer Games');
    await expect.poll(() => dialog.getByLabel('URL name').inputValue()).toBe('santry-summer-games');
    await dialog.getByLabel('Location').fill('Morton Stadium, Santry');
    await dialog.getByLabel('Date').fill('2026-11-22');
    await dialog.getByLabel('Start time').fill('10:00');
    await dialog.getByRole('button', { name: 'Add competition' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The dialog is gone; what it did is still said, politely, beside the table.
    const created = page
      .getByRole('status')
      .filter({ hasText: 'Competition "Santry Summer Games" created.' });
    await created.waitFor();
    await page.getByRole('button', { name: 'Santry Summer Games', exact: true }).waitFor();
    await page.getByText('No Results Data Uploaded').waitFor();

    // The spectator opens the new competition's public page.
    const spectator = await newPage(360);
    await spectator.goto(`${t.url}/${club.urlName}/santry-summer-games`);
    await spectator.getByText('Santry Summer Games').first().waitFor();
    await spectator.evaluate(() => {
      (window as unknown as { rithMark: string }).rithMark = 'not reloaded';
    });
    await waitForUpdates(spectator);
    expect(await spectator.getByText('LIVE NOW', { exact: true }).count()).toBe(0);

    // Add an event.
    await page.getByRole('button', { name: 'Add New Event' }).click();
    await dialog.getByLabel('Event name').fill("Men's 100m Heat 1");
    await dialog.getByLabel('Event type').selectOption('ATHLETICS');
    await dialog.getByLabel('Discipline').selectOption('ONE_HUNDRED_METER');
    await dialog.getByLabel('Round').selectOption('heats');
    await dialog.getByLabel('Time').fill('14:30');
    await dialog.getByRole('button', { name: 'Add event' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: "Men's 100m Heat 1", exact: true }).waitFor();
    await spectator.getByRole('link', { name: /Share Men's 100m Heat 1/ }).waitFor();
    await spectator.getByText('1 Events in Results').waitFor();

    // Edit the event: the address names it while the dialog is open.
    await page.getByRole('button', { name: "Edit Men's 100m Heat 1" }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('event'))
      .toMatch(/^[0-9a-f-]{36}$/);
    await dialog.getByLabel('Event name').fill("Men's 100m Final");
    await dialog.getByLabel('Round').selectOption('finals');
    await dialog.getByLabel('Choose PDF').setInputFiles({
      name: 'final-finish.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(samples.pdf),
    });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('event')).toBeNull();
    await spectator.getByRole('link', { name: /Share Men's 100m Final/ }).waitFor();

    // Edit the competition, then put it live from the table.
    await page.getByRole('button', { name: 'Edit Santry Summer Games' }).click();
    await dialog.getByLabel('Location').fill('Morton Stadium, Santry, Dublin 9');
    await dialog.getByLabel('Choose image').setInputFiles({
      name: 'poster.png',
      mimeType: 'image/png',
      buffer: Buffer.from(samples.png),
    });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const edited = page
      .getByRole('status')
      .filter({ hasText: 'Competition "Santry Summer Games" saved.' });
    await edited.waitFor();
    expect(await created.count()).toBe(0);
    await spectator.getByText('Morton Stadium, Santry, Dublin 9').first().waitFor();

    await page.getByRole('switch', { name: 'Live Now: Santry Summer Games' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('switch', { name: 'Live Now: Santry Summer Games' })
          .getAttribute('aria-checked'),
      )
      .toBe('true');
    await spectator.getByText('LIVE NOW', { exact: true }).waitFor();
    await spectator.getByText('The competition is happening right now!').waitFor();

    expect(
      await spectator.evaluate(() => (window as unknown as { rithMark?: string }).rithMark),
    ).toBe('not reloaded');
    const saved = await t.runtime.db
      .selectFrom('competitions')
      .innerJoin('events', 'events.competitionUic', 'competitions.uic')
      .select([
        'competitions.liveNow',
        'competitions.imageLink',
        'events.eventName',
        'events.round',
        'events.pdfLink',
      ])
      .where('competitions.clubUic', '=', club.uic)
      .execute();
    expect(saved).toEqual([
      {
        liveNow: true,
        imageLink: expect.stringMatching(/^\/api\/files\//),
        eventName: "Men's 100m Final",
        round: 'finals',
        pdfLink: expect.stringMatching(/^\/api\/files\//),
      },
    ]);
    const pdf = await fetch(`${t.url}${saved[0]!.pdfLink}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    await spectator.locator(`img[src="${saved[0]!.imageLink}"]`).waitFor();

    // Hiding the event takes it off the spectator's page.
    await page.getByRole('button', { name: "Edit Men's 100m Final" }).click();
    const visible = dialog.getByRole('switch', { name: 'Visible' });
    expect(await visible.getAttribute('aria-checked')).toBe('true');
    await visible.click();
    expect(await visible.getAttribute('aria-checked')).toBe('false');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await spectator.getByText('Events Data Not Available').waitFor();
    // Feedback messages vanish after 3 s.
    await edited.waitFor({ state: 'detached' });
    expect(
      await spectator.evaluate(() => (window as unknown as { rithMark?: string }).rithMark),
    ).toBe('not reloaded');

    await screenshot(page, 'admin-1280');
    await screenshot(spectator, 'admin-spectator-live-360');
    await page.setViewportSize({ width: 360, height: 900 });
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'admin-360');
    await page.close();
    await spectator.close();
  });
});

describe('a club on the limited plan', () => {
  it('sees its usage, cannot add a fourth competition, and finds wind and PDF locked', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db, RECREATIONAL_PLAN);
    const db = t.runtime.db;
    const first = await createCompetition(db, club.uic, { competitionName: 'Galway Open' });
    await createCompetition(db, club.uic);
    await createCompetition(db, club.uic);
    const page = await newPage(360);
    await logIn(page, admin.email, admin.password);
    await page.getByText('Competitions Used: 3 / 3').waitFor();
    await page.getByText('Competition Limit Reached').waitFor();
    await page.getByText(COMPETITION_LIMIT_TEXT).waitFor();
    expect(await page.getByRole('button', { name: 'Add New Competition' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Galway Open', exact: true }).click();
    await page.getByRole('button', { name: 'Add New Event' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel(/Wind speed/).isDisabled()).toBe(true);
    await dialog.getByText(featureBlockedMessage('wind_speed')).waitFor();
    await dialog.getByText(featureBlockedMessage('head_on_camera_image')).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'admin-event-limited-360');
    expect(first.uic).toBeGreaterThan(0);
    await page.close();
  });
});

describe('resetting a forgotten password', () => {
  it('follows the e-mailed link to a new password, then logs in with it', async () => {
    const { admin } = await clubWithAdmin(t.runtime.db);
    const page = await newPage(360);
    await page.goto(`${t.url}/login`);
    await page.getByRole('button', { name: /Forgot password/ }).click();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('button', { name: /Send/ }).click();
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      const mail = await t.runtime.db
        .selectFrom('outboxEmails')
        .select('textBody')
        .where('toAddress', '=', admin.email)
        .executeTakeFirst();
      link = mail && /\/reset-password\?token=[\w-]+/.exec(mail.textBody)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 50));
    }
    expect(link).toBeTruthy();

    await page.goto(`${t.url}${link}`);
    await page.locator('input').and(page.getByLabel('New password')).fill('Finish-line-42!');
    await page.locator('input').and(page.getByLabel('Confirm password')).fill('Finish-line-4');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.locator('input').and(page.getByLabel('Confirm password')).fill('Finish-line-42!');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been reset.', { exact: false }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'reset-password-done-360');

    await logIn(page, admin.email, 'Finish-line-42!');
    // The link is spent: opening it again goes to the login page.
    await page.goto(`${t.url}${link}`);
    await page.waitForURL(`${t.url}/login`);
    await page.close();
  });
});
