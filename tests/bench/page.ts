// npm run bench:page -- [--url http://host:port] [--runs 3]
//
// What a spectator's phone meets on a first visit: bytes on the wire and Largest Contentful
// Paint for the home page, a competition's page and an event's page, in Chromium on
// Lighthouse's mobile profile (150 ms round trip, 1.6 Mbps down, 750 Kbps up, CPU slowed
// four times, a 412 x 823 touch screen), each from a cold cache, the median of --runs; and
// when the first result (an event's row, a competition's event) was painted, and whether it
// was on the first screen.
//
// Without --url it starts Rith itself as `npm start` does (the demo data in a new embedded
// database); with --url it measures a server already running there (another checkout, say),
// which must hold the demo data.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { freePort } from '../support/ports.ts';
import { untilUp } from '../support/rithProcess.ts';
import type { Club } from '../../shared/schemas/club.ts';
import type { Competition } from '../../shared/schemas/competition.ts';
import type { EventSummary } from '../../shared/schemas/event.ts';

const { values } = parseArgs({
  options: { url: { type: 'string' }, runs: { type: 'string', default: '3' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('Usage: npm run bench:page -- [--url http://host:port] [--runs n]');
  process.exit(2);
}

/** Lighthouse's mobile profile ("Slow 4G" with a mid-range phone's CPU). */
const MOBILE = {
  latencyMs: 150,
  downloadBytesPerS: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerS: (750 * 1024) / 8,
  cpuSlowdown: 4,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
};

/** Starts `npm start` on a free port with demo data in a new database; stops it on exit. */
async function startRith(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-bench-page-'));
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await untilUp(url, 180_000);
  return {
    url,
    stop: () => {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The demo's live competition, its club, and an event of it with results. */
async function pagesOf(base: string): Promise<{ name: string; path: string }[]> {
  const competitions = await json<Competition[]>(`${base}/api/competitions`);
  const clubs = await json<Club[]>(`${base}/api/clubs`);
  const competition = competitions.find((c) => c.liveNow && c.urlName) ?? competitions[0];
  if (!competition) throw new Error('the server holds no competition: seed the demo data');
  const club = clubs.find((c) => c.uic === competition.clubUic);
  const events = await json<EventSummary[]>(`${base}/api/events?competitionUic=${competition.uic}`);
  const event = events.find((e) => e.status === 'official') ?? events[0];
  if (!club?.urlName || !competition.urlName || !event) {
    throw new Error('the demo competition lacks a club url name, a url name or events');
  }
  return [
    { name: '/', path: '/' },
    { name: '/{club}/{competition}', path: `/${club.urlName}/${competition.urlName}` },
    { name: '/event/{id}', path: `/event/${event.id}` },
  ];
}

interface Visit {
  bytes: number;
  requests: number;
  lcpMs: number;
  lcpElement: string;
  /** When the first result row or event card was painted, and whether on the first screen. */
  resultsMs: number;
  resultsOnFirstScreen: boolean;
}

/** What the page shows as results: an event's rows, a competition's events (cards on phones). */
const RESULTS = 'main table tbody tr, .event-card';

/**
 * Runs in the page before its scripts: notes the frame in which the first result appears
 * (the next animation frame after it is in the document), and where it is. A string, as the
 * TypeScript loader would wrap a function's inner functions in helpers the page lacks.
 */
const WATCH_RESULTS = `
  window.__results = { at: NaN, top: NaN };
  const observer = new MutationObserver(() => {
    const found = document.querySelector(${JSON.stringify(RESULTS)});
    if (!found) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__results = { at: performance.now(), top: found.getBoundingClientRect().top };
    });
  });
  observer.observe(document, { childList: true, subtree: true });
`;

/**
 * The standard LCP, the last largest-contentful-paint entry (a larger element drawn after
 * hydration, a bar or an opened panel, replaces the first), read once none has come for
 * 1.5 s. A string, as WATCH_RESULTS is.
 */
const LAST_LCP = `
  new Promise((resolve) => {
    let last;
    let quiet;
    const settle = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        const element = last && last.element;
        const name = element
          ? element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ')[0] : '')
          : '?';
        resolve({ ms: last ? last.startTime : NaN, element: name });
      }, 1500);
    };
    new PerformanceObserver((list) => {
      last = list.getEntries().at(-1) || last;
      settle();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    settle();
  })
`;

/** Counts every response's bytes as they came over the network (headers included). */
function countBytes(cdp: CDPSession): () => { bytes: number; requests: number } {
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    requests += 1;
  });
  return () => ({ bytes, requests });
}

async function visit(page: Page, cdp: CDPSession, url: string): Promise<Visit> {
  const counted = countBytes(cdp);
  await page.addInitScript(WATCH_RESULTS);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  // The first screen is done when the network has been quiet for half a second.
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  const lcp = await page.evaluate<{ ms: number; element: string }>(LAST_LCP);
  const results = await page.evaluate(
    () => (window as unknown as { __results: { at: number; top: number } }).__results,
  );
  return {
    ...counted(),
    lcpMs: lcp.ms,
    lcpElement: lcp.element,
    resultsMs: results.at,
    resultsOnFirstScreen: results.top < MOBILE.viewport.height,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const server = values.url ? null : await startRith();
const base = values.url ?? server?.url ?? '';
const browser = await launchBrowser();
try {
  const pages = await pagesOf(base);
  console.log(
    `bench:page | ${base} | mobile: ${MOBILE.latencyMs} ms RTT, 1.6 Mbps down, CPU x${MOBILE.cpuSlowdown}, ` +
      `${MOBILE.viewport.width}x${MOBILE.viewport.height} | cold cache, median of ${runs}`,
  );
  for (const target of pages) {
    const visits: Visit[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({
        viewport: MOBILE.viewport,
        deviceScaleFactor: MOBILE.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: MOBILE.latencyMs,
        downloadThroughput: MOBILE.downloadBytesPerS,
        uploadThroughput: MOBILE.uploadBytesPerS,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
      visits.push(await visit(page, cdp, `${base}${target.path}`));
      await context.close();
    }
    const kb = median(visits.map((v) => v.bytes)) / 1024;
    const lcp = median(visits.map((v) => v.lcpMs)) / 1000;
    const element = visits.at(-1)?.lcpElement ?? '?';
    const results = median(visits.map((v) => v.resultsMs)) / 1000;
    const where = visits.every((v) => v.resultsOnFirstScreen) ? 'on' : 'below';
    console.log(
      `bench:page | ${target.name.padEnd(22)} | ${kb.toFixed(0).padStart(5)} KB on the wire in ` +
        `${visits[0]?.requests ?? 0} responses | LCP ${lcp.toFixed(2)} s (${element}) | ` +
        `results painted ${results.toFixed(2)} s, ${where} the first screen`,
    );
  }
} finally {
  await browser.close();
  server?.stop();
}
