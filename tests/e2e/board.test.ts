import http from 'node:http';
import { pace } from '../support/pace.ts';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  sharedBrowser,
  screenshot,
  settledVisitorPage,
  waitForUpdates,
} from '../support/browser.ts';
import { createAdmin } from '../support/admin.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { startCutProxy } from '../support/cutProxy.ts';
import { prepareMeet, runMeet, type SimulatedMeet } from '../../scripts/simulator/meet.ts';

// The stadium's screen and the clubs' widget follow a meet by themselves: the simulated meet
// of `npm run demo:live` is played, and nobody touches the pages.

let t: TestApp;
let browser: Browser;
let meet: SimulatedMeet;
beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
  browser = await sharedBrowser();
  meet = await prepareMeet(t.runtime);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Plays one meet in the background; `said` holds every step the simulator announced. */
function playMeet(stepMs: number) {
  const said: string[] = [];
  const stop = new AbortController();
  const done = runMeet(t.runtime, meet, {
    stepMs,
    cycles: 1,
    signal: stop.signal,
    log: (line) => said.push(line),
  }).catch((err: unknown) => {
    if (!stop.signal.aborted) throw err;
  });
  return { said, done, stop: () => stop.abort() };
}

const results = (page: Page) => page.locator('.board-results');
const next = (page: Page) => page.locator('.board-next');

describe('the big screen', () => {
  it('follows a simulated meet by itself at 1920×1080, and is current again after a reconnect', async () => {
    const proxy = await startCutProxy(t.url);
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${proxy.url}/board/${meet.clubUrlName}/${meet.competitionUrlName}`);
    await page.getByRole('heading', { name: 'Rith Live Demo Meet' }).waitFor();
    await waitForUpdates(page);
    // A step every 1.5 s as a meet is announced; 0.75 s unless RITH_TEST_FULL=1. Played once
    // the screen is live: a heat's results are up for two steps, less than a slow page load.
    const play = playMeet(pace(1500, 750));
    try {
      // The first heat's results arrive: the screen shows them, then the next heat's start list.
      await results(page)
        .locator('.board-title', { hasText: "Men's 100m Heat 1" })
        .waitFor({ timeout: 30_000 });
      await next(page).locator('.board-title', { hasText: "Men's 100m Heat 2" }).waitFor();
      expect(await results(page).locator('tbody tr').count()).toBeGreaterThan(0);
      await results(page)
        .locator('.board-title', { hasText: "Men's 100m Heat 2" })
        .waitFor({ timeout: 30_000 });
      await results(page)
        .getByText('Unofficial · provisional')
        .or(results(page).getByText('Official', { exact: true }))
        .first()
        .waitFor();
      // The screen as the stands see it: all of it within 1920×1080, nothing to scroll.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
        1080,
      );
      await screenshot(page, 'board-1920');

      // The final's start list goes up: the screen has it under "Next", whole.
      await next(page)
        .locator('.board-title', { hasText: "Men's 100m Final" })
        .waitFor({ timeout: 60_000 });
      // The list may be drawn again as the start list lands: its rows are counted once settled.
      await expect.poll(() => next(page).locator('tbody tr').count(), { timeout: 30_000 }).toBe(8);

      // The screen loses Rith while the final is run and made official.
      proxy.cut();
      await page.locator('.board-connection').waitFor({ timeout: 20_000 });
      await expect.poll(() => play.said.at(-1), { timeout: 60_000 }).toMatch(/off air/);
      proxy.restore();
      await waitForUpdates(page);
      await results(page)
        .locator('.board-title', { hasText: "Men's 100m Final" })
        .waitFor({ timeout: 20_000 });
      await results(page).getByText('Official', { exact: true }).waitFor();
      await expect.poll(() => page.locator('.board-connection').count()).toBe(0);
      // Off air now: no LIVE NOW on the screen.
      await expect.poll(() => page.getByText('LIVE NOW').count()).toBe(0);
      await screenshot(page, 'board-1920-after-reconnect');
    } finally {
      play.stop();
      await play.done;
      await page.close();
      await proxy.close();
    }
  }, 180_000);

  it('turns the pages of a heat too long for the screen by itself', async () => {
    const club = await createClub(t.runtime.db, { clubName: 'Tuam AC', urlName: 'tuam-board' });
    const competition = await createCompetition(t.runtime.db, club.uic, {
      competitionName: 'Tuam Open',
      urlName: 'tuam-open',
      liveNow: true,
    });
    await createEvent(t.runtime.db, competition.uic, {
      eventName: "Men's 5000m Final",
      status: 'official',
      results: Array.from({ length: 12 }, (_, i) =>
        athlete({ name: `Runner ${i + 1}`, rank: String(i + 1), performance: `14:${10 + i}.00` }),
      ),
    });
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${t.url}/board/tuam-board/tuam-open`);
    await expect.poll(() => page.locator('.board-results .board-page').innerText()).toBe('1/2');
    expect(await page.getByText('Runner 9', { exact: true }).count()).toBe(0);
    await expect
      .poll(() => page.locator('.board-results .board-page').innerText(), { timeout: 20_000 })
      .toBe('2/2');
    await page.getByText('Runner 12', { exact: true }).waitFor();
    expect(await page.getByText('Runner 1', { exact: true }).count()).toBe(0);
    await page.close();
  });

  it('stacks into one readable column on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await page.goto(`${t.url}/board/${meet.clubUrlName}/${meet.competitionUrlName}`);
    await page.getByRole('heading', { name: 'Rith Live Demo Meet' }).waitFor();
    await results(page).locator('tbody tr').first().waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'board-360');
    await page.close();
  });

  it('answers 404 for a meet that is not there', async () => {
    const res = await fetch(`${t.url}/board/${meet.clubUrlName}/no-such-meet`);
    expect(res.status).toBe(404);
  });
});

describe('the widget for club websites', () => {
  /** A club's own site, on another origin, with the snippet the admin console gives. */
  async function clubSite(src: string) {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><html><head><title>Dublin City Harriers</title></head><body>` +
          `<h1>Dublin City Harriers</h1>` +
          `<iframe src="${src}" title="Live results" width="420" height="520" style="border:0"></iframe>` +
          `</body></html>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://localhost:${port}/`, close: () => server.close() };
  }

  /** The snippet the club's admin copies from the admin console. */
  async function snippetFromAdminConsole(): Promise<string> {
    const club = await t.runtime.db
      .selectFrom('clubs')
      .select('uic')
      .where('urlName', '=', meet.clubUrlName)
      .executeTakeFirstOrThrow();
    const admin = await createAdmin(t.runtime.db, [club.uic]);
    const page = await settledVisitorPage(browser, 1280);
    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: /Big screen and club website/ }),
    });
    await section.waitFor();
    await screenshot(page, 'admin-screens-section-1280');
    const snippet = await section.locator('code', { hasText: '<iframe' }).innerText();
    await page.close();
    return snippet;
  }

  it('shows the meet live inside another site, and only /embed may be framed', async () => {
    const snippet = await snippetFromAdminConsole();
    const src = /src="([^"]+)"/.exec(snippet)?.[1];
    expect(src).toBe(`${t.url}/embed/${meet.clubUrlName}/${meet.competitionUrlName}`);
    const site = await clubSite(src!);
    const page = await browser.newPage({ viewport: { width: 800, height: 700 } });
    const play = playMeet(1000);
    try {
      await page.goto(site.url);
      const widget = page.frameLocator('iframe[title="Live results"]');
      await widget.getByRole('heading', { name: 'Rith Live Demo Meet' }).waitFor();
      await widget.getByRole('heading', { name: /Men's 100m Heat/ }).waitFor({ timeout: 30_000 });
      await widget.locator('tbody tr').first().waitFor();
      await widget.getByRole('link', { name: /All results on Rith/ }).waitFor();
      await page.screenshot({ path: 'tests/output/screenshots/embed-in-club-site.png' });
    } finally {
      play.stop();
      await play.done;
      await page.close();
      site.close();
    }
    const embed = await fetch(`${t.url}/embed/${meet.clubUrlName}/${meet.competitionUrlName}`);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const home = await fetch(`${t.url}/${meet.clubUrlName}/${meet.competitionUrlName}`);
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  }, 120_000);

  it('has an overlay with a transparent background for streaming software', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${t.url}/embed/${meet.clubUrlName}/${meet.competitionUrlName}?overlay=1`);
    await page.locator('.widget.is-overlay').waitFor();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({
      path: 'tests/output/screenshots/embed-overlay.png',
      omitBackground: true,
    });
    await page.close();
  });
});
