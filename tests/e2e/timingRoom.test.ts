import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
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
import { createCompetition } from '../support/factory.ts';
import { meetFile, publicMeet } from '../support/meets.ts';
import { AgentProcess } from '../support/agentProcess.ts';
import { freePort } from '../support/ports.ts';
import { loadRithLss, lssWrites, type LssHeat, type LssUpdate } from '../support/lss.ts';

// The timing room with nobody clicking: the agent on the timing PC, FinishLynx's scoreboard
// output replayed into it over TCP at the speed of a race, and a spectator's phone on the
// heat's page seeing the clock, then each finisher as the photo is read (unofficial), then
// the saved .lif making them official. The club admin watches the agent in the console.

const MEET = 'us-high-school';
let t: TestApp;
let browser: Browser;
let agent: AgentProcess | null = null;
let folder: string;
beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
  browser = await sharedBrowser();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-lynx-'));
});
afterAll(async () => {
  await agent?.stop('SIGKILL');
  await browser?.close();
  await t?.close();
  if (folder) await fs.rm(folder, { recursive: true, force: true });
  if (folder) await fs.rm(`${folder}-rith-token.txt`, { force: true });
});

/** FinishLynx's scoreboard connection to the agent. */
async function connectScoreboard(port: number): Promise<net.Socket> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
        socket.once('error', reject);
      });
    } catch (err) {
      if (attempt > 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends an update as FinishLynx does: each section as one write, `gapMs` apart. */
async function replay(socket: net.Socket, update: LssUpdate, gapMs = 0): Promise<void> {
  for (const bytes of lssWrites(loadRithLss(), update)) {
    socket.write(bytes);
    if (gapMs > 0) await pause(gapMs);
  }
}

const HEAT: LssHeat = { eventNumber: 1, round: 1, heat: 2, eventName: 'Boys 110 Meter Hurdles' };
/** The heat as the photo is read: the finishers of 001-1-02.lif, by lane and bib. */
const CAPTURED = [
  { place: '1', lane: '3', id: '2122', name: 'Thompson, Isaiah', time: '14.54' },
  { place: '2', lane: '2', id: '2815', name: 'Nguyen, Kevin', time: '14.88' },
  { place: '3', lane: '4', id: '2219', name: 'Fischer, Caleb', time: '15.10' },
];

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${t.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${t.url}/admin`);
}

describe('the timing room, live', () => {
  // A whole scenario end to end: beside another browser file on 2 cores it passes 60 s.
  it('takes a heat from the scoreboard feed to a phone, unofficial, then official from the saved file', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const competition = await createCompetition(t.runtime.db, club.uic, {
      competitionName: 'Section 3 Championships',
      liveNow: true,
    });

    // The club admin makes a token in the Timing room panel; the panel gives the command.
    const desk = await settledVisitorPage(browser, 1280);
    await logIn(desk, admin.email, admin.password);
    const panel = desk.getByRole('region', { name: /Timing room/ });
    await panel.getByLabel('Token name').fill('Finish PC');
    await panel.getByRole('button', { name: 'Create token' }).click();
    const token = (await panel.locator('.timing-room-token code').textContent()) ?? '';
    expect(token).toMatch(/^rith_/);
    await panel.getByLabel('FinishLynx results folder').fill(folder);
    const port = await freePort();
    await panel.getByLabel('Scoreboard port (optional)').fill(String(port));
    const command = (await panel.locator('.timing-room-code code').last().textContent()) ?? '';
    expect(command).toContain('--token-file rith-token.txt');
    expect(command).not.toContain(token);
    // The token is saved beside the agent as that file, not put on the command line.
    const [saved] = await Promise.all([
      desk.waitForEvent('download'),
      panel.getByRole('link', { name: 'Save as rith-token.txt' }).click(),
    ]);
    expect(saved.suggestedFilename()).toBe('rith-token.txt');
    // The run's one Chromium keeps downloads on its side: saved here as the operator would.
    const tokenFile = `${folder}-rith-token.txt`;
    await saved.saveAs(tokenFile);
    expect((await fs.readFile(tokenFile)).toString().trim()).toBe(token);
    expect(command).toContain(`--scoreboard-port ${port}`);

    // The operator starts it on the timing PC; FinishLynx has saved the meet's lynx.evt.
    await fs.writeFile(path.join(folder, 'lynx.evt'), meetFile(MEET, 'lynx.evt'));
    agent = AgentProcess.start({ url: t.url, token, folder, scoreboardPort: port });
    await agent.waitFor(/published\s+lynx\.evt/);
    const scoreboard = await connectScoreboard(port);
    await panel.getByText('Agent connected').waitFor({ timeout: 20_000 });
    await panel.getByText('FinishLynx connected').waitFor({ timeout: 20_000 });
    await screenshot(desk, 'timing-room-admin-1280');
    const phoneAdmin = await settledVisitorPage(browser, 360);
    await logIn(phoneAdmin, admin.email, admin.password);
    await phoneAdmin
      .getByRole('region', { name: /Timing room/ })
      .getByText('Agent connected')
      .waitFor();
    expect(await horizontalOverflow(phoneAdmin)).toBe(0);
    await screenshot(phoneAdmin, 'timing-room-admin-360');

    // A spectator opens heat 2 on a phone before it is run.
    const heat = (await publicMeet(t.url, competition.uic)).find(
      (e) => e.eventName.includes('110') && e.heat === 2,
    );
    expect(heat?.status).toBe('upcoming');
    const phone = await settledVisitorPage(browser, 360);
    await phone.goto(`${t.url}/event/${heat!.id}`);
    await phone.getByRole('heading', { name: /Start List/i }).waitFor();

    // The gun: the race clock runs on the phone.
    await replay(scoreboard, { type: 'gun', heat: HEAT });
    const ticks = Array.from({ length: 30 }, (_, i) => ((i + 1) / 10).toFixed(1));
    for (const time of ticks)
      await replay(scoreboard, { type: 'running', heat: HEAT, times: [time] }, 100);
    await phone.getByText('Race on').waitFor();
    await screenshot(phone, 'scoreboard-clock-360');
    await replay(scoreboard, { type: 'stopped', heat: HEAT, time: '14.54' });

    // The operator reads the photo: one finisher, then the next, each sent to the scoreboard.
    for (let n = 1; n <= CAPTURED.length; n++) {
      await replay(scoreboard, { type: 'results', heat: HEAT, lines: CAPTURED.slice(0, n) }, 20);
      await pause(300);
    }
    const unofficial = phone.getByRole('region', { name: 'Unofficial results' }).first();
    await unofficial.getByText('Caleb Fischer').waitFor();
    await phone.getByText('Live from the finish camera').waitFor();
    // The start list names them (the scoreboard wrote "Thompson, Isaiah").
    await unofficial.getByText('Isaiah Thompson').waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await screenshot(phone, 'scoreboard-unofficial-360');

    // Partial garbage on the wire changes nothing spectators see.
    scoreboard.write(Buffer.from('H\tUNOFFICIAL\tBoys 110\t\t1\t1\t2\nR\t4\t\x00\x01garbage'));
    scoreboard.write(Buffer.from('\n\n\xff\xfeZZZ\n'));

    // FinishLynx saves the heat: the official results replace the unofficial ones.
    await fs.writeFile(path.join(folder, '001-1-02.lif'), meetFile(MEET, '001-1-02.lif'));
    await phone
      .getByRole('region', { name: 'Results', exact: true })
      .first()
      .getByText('Marcus Coleman')
      .waitFor();
    expect(await phone.getByText('Live from the finish camera').count()).toBe(0);
    await screenshot(phone, 'scoreboard-official-360');
    const desktop = await settledVisitorPage(browser, 1280);
    await desktop.goto(`${t.url}/event/${heat!.id}`);
    await desktop
      .getByRole('region', { name: 'Results', exact: true })
      .first()
      .getByText('Marcus Coleman')
      .waitFor();
    await screenshot(desktop, 'scoreboard-official-1280');
    scoreboard.destroy();
  }, 120_000);
});
