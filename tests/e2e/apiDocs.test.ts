import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import { horizontalOverflow, sharedBrowser, screenshot } from '../support/browser.ts';

// Issue 14, point 6: a club reads the public API at /api/docs, under the site's own strict
// Content-Security-Policy (only the site's script files run).

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

describe('the API docs page', () => {
  it.each([360, 1280])(
    'shows the public operations with nothing refused by the CSP (%i px)',
    async (width) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP refused ${e.blockedURI} (${e.violatedDirective})`),
        );
      });
      await page.goto(`${t.url}/api/docs`);
      await page.getByRole('heading', { name: /Rith API/ }).waitFor();
      await page
        .getByText('One event: start list, results, its competition and its club')
        .waitFor();
      await page.getByText('Upload FinishLynx files, in any mix and order').waitFor();
      // Nothing of the admin console is described.
      expect(await page.getByText('/api/admin/session').count()).toBe(0);

      // An operation opens on its answer's fields.
      await page.getByText('One public competition').click();
      await page.getByText('competitionName').first().waitFor();
      expect(errors).toEqual([]);
      if (width === 360) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `api-docs-${width}`);
      await page.close();
    },
  );
});
