import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  horizontalOverflow,
  sharedBrowser,
  screenshot,
  settledVisitorPage,
} from '../support/browser.ts';
import { clubWithAdmin } from '../support/admin.ts';
import { athlete, createCompetition, createEvent } from '../support/factory.ts';

// An admin opens /admin on a phone or a laptop during a meet: the console opens on the meet
// happening now, every Edit button is on screen, and each statistic says what it counts.

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

const daysFromToday = (n: number) =>
  new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A club running a long-named meet today, with a later hidden draft and older meets. */
async function busyClub(options: { liveMeet: boolean }) {
  const db = t.runtime.db;
  const { club, admin } = await clubWithAdmin(db);
  await db
    .updateTable('clubs')
    .set({ clubName: 'Dublin City Harriers Athletic Club' })
    .where('uic', '=', club.uic)
    .execute();
  await createCompetition(db, club.uic, {
    competitionName: 'Autumn Indoor Open (draft)',
    urlName: 'autumn-indoor-open-draft',
    date: daysFromToday(90),
    visible: false,
  });
  await createCompetition(db, club.uic, {
    competitionName: 'Spring Open',
    urlName: 'spring-open',
    date: daysFromToday(-40),
  });
  await createCompetition(db, club.uic, {
    competitionName: 'Munster Juvenile Open',
    urlName: 'munster-juvenile-open',
    date: daysFromToday(14),
  });
  const live = await createCompetition(db, club.uic, {
    competitionName: 'Leinster Senior Outdoor Track and Field Championships',
    urlName: 'leinster-senior-outdoor-track-and-field-championships-2026',
    location: 'Morton Stadium, Santry, Dublin 9, Ireland',
    date: daysFromToday(-1),
    liveNow: options.liveMeet,
    imageLink: '/favicon.svg',
  });
  for (const [eventName, time] of [
    ["Men's 100m Hurdles Heat 1", '10:05'],
    ["Women's 3000m Steeplechase Final", '11:40'],
    ["Men's Triple Jump Final", '12:15'],
  ] as const) {
    await createEvent(db, live.uic, {
      eventName,
      time,
      status: 'official',
      windSpeed: '+1.8',
      resultsFileName: 'LEINSTER_SENIOR_OUTDOOR_RESULTS_FINAL_2026.lif',
      startListFileName: 'leinster-senior-start-list-session-2.xlsx',
      pdfLink: '/favicon.svg',
      results: [athlete({ name: 'Aoife Murphy', rank: '1', performance: '13.21' })],
      startListFile: [athlete({ name: 'Aoife Murphy', lane: '4' })],
    });
  }
  return { club, admin };
}

async function openAdmin(width: number, email: string, password: string): Promise<Page> {
  const page = await settledVisitorPage(browser, width);
  await page.goto(`${t.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${t.url}/admin`);
  await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
  return page;
}

/** Every element of the admin tables (and their frames) that reaches past the viewport. */
function outsideViewport(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll('.admin-table-wrap, .admin-table-wrap *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < -0.5 || box.right > width + 0.5) {
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 30)}" ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
      }
    }
    return out;
  });
}

/** Each Edit button's box, and whether it is what a tap at its centre would hit. */
async function editButtons(page: Page) {
  const width = page.viewportSize()!.width;
  const buttons = await page.getByRole('button', { name: /^Edit / }).all();
  const boxes = [];
  for (const button of buttons) {
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    const reachable = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && el.contains(hit);
    });
    boxes.push({
      name: await button.getAttribute('aria-label'),
      inside: box !== null && box.x >= 0 && box.x + box.width <= width,
      reachable,
    });
  }
  return boxes;
}

/** Words of the statistic cards that the layout split across two lines. */
function brokenWords(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const card of document.querySelectorAll('.stat-card')) {
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

describe('the admin console at a phone and a laptop width', () => {
  // 1280 px is the narrowest screen that gets the tables; a tablet held sideways and a phone
  // get a card per row (admin.css).
  for (const width of [1280, 1024, 360]) {
    it(`opens on the meet happening now, with every table on screen (${width} px)`, async () => {
      const { admin } = await busyClub({ liveMeet: true });
      const page = await openAdmin(width, admin.email, admin.password);
      const events = page.getByRole('heading', { name: /^Events/ });
      await expect
        .poll(() => events.innerText())
        .toBe('Events — Leinster Senior Outdoor Track and Field Championships');
      await page.getByRole('button', { name: "Edit Men's Triple Jump Final" }).waitFor();

      // Each statistic says what it counts.
      const stats = await page.locator('.stat-card').allInnerTexts();
      expect(stats.map((s) => s.replace(/\s+/g, ' ').trim())).toEqual([
        "Total Competitions 4 All your club's competitions",
        'Total Events 3 This competition',
        'Total Athletes 3 This competition',
      ]);
      expect(await brokenWords(page)).toEqual([]);

      expect(await outsideViewport(page)).toEqual([]);
      const edits = await editButtons(page);
      expect(edits).toHaveLength(4 + 3);
      expect(edits.filter((b) => !b.inside || !b.reachable)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `admin-tables-${width}`);

      // The Edit button still opens the competition it belongs to.
      await page
        .getByRole('button', {
          name: 'Edit Leinster Senior Outdoor Track and Field Championships',
        })
        .click();
      await page.getByRole('dialog').getByLabel('Competition name').waitFor();
      expect(await page.getByRole('dialog').getByLabel('Competition name').inputValue()).toBe(
        'Leinster Senior Outdoor Track and Field Championships',
      );
      await page.close();
    });
  }

  it('opens on the next published meet, not the later hidden draft, when none is live', async () => {
    const { admin } = await busyClub({ liveMeet: false });
    const page = await openAdmin(1280, admin.email, admin.password);
    await expect
      .poll(() => page.getByRole('heading', { name: /^Events/ }).innerText())
      .toBe('Events — Munster Juvenile Open');
    // A choice the admin made is kept over the rule.
    await page.getByRole('button', { name: 'Spring Open', exact: true }).click();
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: /^Events/ }).innerText())
      .toBe('Events — Spring Open');
    await page.close();
  });
});
