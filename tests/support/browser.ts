import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserServer,
  type Page,
} from 'playwright-core';
import { VISITOR_COOKIES, type Visitor, type VisitorFlag } from '../../shared/visitor.ts';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const screenshotDir = path.resolve('tests/output/screenshots');

const launchOptions = (extraArgs: string[]) => {
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium is missing at ${executablePath}: run "npm test" (it installs it as root) or "sudo apt-get install -y chromium".`,
    );
  }
  return {
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  };
};

/**
 * Debian's Chromium, driven by playwright-core. A missing browser fails the test loudly:
 * a browser test that did not run is never reported as passed.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch(launchOptions(extraArgs));
}

/**
 * The browser tests' one Chromium (tests/support/browserServer.ts starts it for the run):
 * each file connects, and its pages live in contexts of their own, closed with it.
 */
export async function sharedBrowser(): Promise<Browser> {
  // Imported here: the benches use this module outside vitest, where vitest cannot load.
  const { inject } = await import('vitest');
  return chromium.connect(inject('browserEndpoint'));
}

/** The run's one Chromium, for the browser tests to connect to. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions([]));
}

/** Saves a screenshot under tests/output/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Page width beyond the viewport: a phone layout must not scroll sideways. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * A page of the given width for a visitor who has seen the banner and accepted cookies, so
 * neither covers what a test looks at.
 */
export async function settledVisitorPage(browser: Browser, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await rememberedVisitor(page.context(), { bannerSeen: true, cookieConsent: true });
  return page;
}

/**
 * The cookies of a visitor who has seen the banner or answered the cookie bar (shared/
 * visitor.ts), set before the first request: the server renders the page for them too.
 */
export function rememberedVisitor(
  context: BrowserContext,
  flags: Partial<Visitor>,
  host = '127.0.0.1',
): Promise<void> {
  const set = (Object.keys(flags) as VisitorFlag[]).filter((flag) => flags[flag]);
  return context.addCookies(
    set.map((flag) => ({
      name: VISITOR_COOKIES[flag],
      value: '1',
      domain: host,
      path: '/',
    })),
  );
}

/**
 * Waits until the page's live connection has every subscription it asked for, so a change
 * made next reaches it pushed. Read from the root element (client ConnectionMark): most
 * pages rightly show no connection label at all.
 */
export async function waitForUpdates(page: Page): Promise<void> {
  await page.locator('html[data-updates="live"]').waitFor({ state: 'attached' });
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The page's serious and critical WCAG violations, worded so a failure says what to fix. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // In the page itself, without the blank page a cross-frame run opens for each check:
    // these pages have no frames, and a file of checks runs a third faster.
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`)
          .join('\n'),
    );
}
