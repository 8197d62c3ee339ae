import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import { sharedBrowser, settledVisitorPage } from '../support/browser.ts';

// Issue 13, point 5: markup that slipped into a page (an inline script, a handler
// attribute, a javascript: link) runs nothing, because the Content-Security-Policy says so;
// the browser reports each attempt as a violation, while the site's own script runs.

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

describe('the Content-Security-Policy in Chromium', () => {
  it.each(['/', '/admin'])('keeps injected script from running on %s', async (path) => {
    const page = await settledVisitorPage(browser, 1280);
    await page.goto(`${t.url}${path}`);
    // The site's own script ran: the app rendered its header.
    await page.getByRole('banner').waitFor();
    const outcome = await page.evaluate(async () => {
      const w = window as unknown as { injected?: string[] };
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        violations.push(e.violatedDirective),
      );
      const script = document.createElement('script');
      script.textContent = "(window.injected ??= []).push('inline script')";
      document.body.append(script);
      const holder = document.createElement('div');
      holder.innerHTML =
        '<img src="data:," onerror="(window.injected ??= []).push(\'handler\')">' +
        '<img src="data:,x" onload="(window.injected ??= []).push(\'handler\')">';
      document.body.append(holder);
      await new Promise((r) => setTimeout(r, 0));
      const deadline = Date.now() + 5000;
      while (violations.length < 2 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      return { injected: w.injected ?? [], violations };
    });
    expect(outcome.injected).toEqual([]);
    expect(outcome.violations).toEqual(
      expect.arrayContaining(['script-src-elem', 'script-src-attr']),
    );
    await page.close();
  });
});
