import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import { sharedBrowser, screenshot, settledVisitorPage } from '../support/browser.ts';

// Issue 13, points 15 and 22: the pricing page opens on the plan a club can start today, and
// a paid plan can be looked at but not started.

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

describe('the pricing page', () => {
  it.each([360, 1280])(
    'opens with the free plan and its Get Started in view (%i px)',
    async (width) => {
      const page = await settledVisitorPage(browser, width);
      await page.goto(`${t.url}/pricing`);
      const start = page.getByRole('link', { name: /^Get Started\b/ });
      await start.waitFor();
      await expect
        .poll(() => start.evaluate((el) => el.getBoundingClientRect().left))
        .toBeGreaterThanOrEqual(0);
      const box = await start.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      // Every paid plan says Coming Soon and cannot be pressed.
      const soon = page.getByRole('button', { name: /^Coming Soon\b/ });
      expect(await soon.count()).toBeGreaterThan(0);
      for (const button of await soon.all()) expect(await button.isDisabled()).toBe(true);
      await screenshot(page, `pricing-${width}`);
      await page.close();
    },
  );
});
