import fs from 'node:fs/promises';
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
import { clubWithAdmin, loggedIn, type AdminClient } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { meetFile, publicMeet } from '../support/meets.ts';
import { createToken } from '../support/tokens.ts';
import { AgentProcess } from '../support/agentProcess.ts';
import { outOfRunningOrder } from '../support/runningOrder.ts';
import { competitionClock } from '../../shared/entries.ts';
import { eventTitle } from '../../shared/athletics/heats.ts';
import type { EventSummary, PublicEvent } from '../../shared/schemas/event.ts';
import type { EventHistory } from '../../shared/schemas/eventHistory.ts';

// A meet day as a timing room lives it: FinishLynx and FieldLynx save into the folder the
// real agent watches (a process of its own), file after file, and a spectator follows on a
// 360 px phone. Flighted field events, a results file that arrives in two steps, the running
// order of the meet's own lynx.evt, a Polish meet's heats and final, the winds, now and next.

let t: TestApp;
let admin: AdminClient;
let clubUic: number;
let browser: Browser;
const agents: AgentProcess[] = [];
const folders: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
  const { club, admin: user } = await clubWithAdmin(t.runtime.db);
  clubUic = club.uic;
  admin = await loggedIn(t.url, user.email);
  browser = await sharedBrowser();
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop('SIGKILL')));
  await browser?.close();
  await t?.close();
  await Promise.all(folders.map((f) => fs.rm(f, { recursive: true, force: true })));
});

/** A competition on today's date with its timing room: a token, a folder, the agent on it. */
async function timingRoom(meet: string, first: string[]) {
  const competition = await createCompetition(t.runtime.db, clubUic, {
    liveNow: true,
    date: competitionClock(new Date()).date,
  });
  const { token } = await createToken(admin, competition.uic);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), `rith-${meet}-`));
  folders.push(folder);
  for (const name of first) await fs.writeFile(path.join(folder, name), meetFile(meet, name));
  const agent = AgentProcess.start({ url: t.url, token, folder });
  agents.push(agent);
  for (const name of first) await agent.waitFor(published(name));
  /** FinishLynx saving a file into the folder, and the agent publishing it. */
  const save = async (name: string, bytes: Uint8Array = meetFile(meet, name)) => {
    const before = agent.matching(published(name)).length;
    await fs.writeFile(path.join(folder, name), bytes);
    await until(() => agent.matching(published(name)).length > before, `${name} published`);
  };
  return { uic: competition.uic, agent, save };
}

const published = (name: string) => new RegExp(`published\\s+${name.replace(/\./g, '\\.')}\\b`);

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const listed = async (uic: number) =>
  (await (await fetch(`${t.url}/api/events?competitionUic=${uic}`)).json()) as EventSummary[];
const history = async (id: string) =>
  (await (await fetch(`${t.url}/api/events/${id}/history`)).json()) as EventHistory;
const event = async (id: string) =>
  (await (await fetch(`${t.url}/api/events/${id}`)).json()) as PublicEvent;

async function phone(pathname: string): Promise<Page> {
  const page = await settledVisitorPage(browser, 360);
  await page.goto(`${t.url}${pathname}`);
  return page;
}

describe('a meet day from the timing room to a phone', () => {
  it('a college meet: running order, a three-flight shot put and a .lif written in two steps', async () => {
    const meet = 'college-indoor';
    const { uic, save } = await timingRoom(meet, ['lynx.evt']);

    // The competition page lists the meet in its lynx.evt's order, not by name or number.
    const events = await listed(uic);
    expect(outOfRunningOrder(events, meetFile(meet, 'lynx.evt'))).toBe(0);
    const firstNames = events.slice(0, 3).map((e) => eventTitle(e));
    expect(firstNames).toEqual([
      'Women 4x200 Meter Relay, Section 1 of 2',
      'Women 4x200 Meter Relay, Section 2 of 2',
      'Men 4x200 Meter Relay',
    ]);
    const dashes = events.filter((e) => e.eventName === 'Women 60 Meter Dash');
    expect(dashes.map((e) => [e.round, e.heat])).toEqual([
      ['heats', 1],
      ['heats', 2],
      ['heats', 3],
      ['heats', 4],
      ['finals', null],
    ]);

    const page = await phone(`/?cid=${uic}`);
    const cards = page.locator('.event-cards .event-card-name');
    await cards.first().waitFor();
    expect((await cards.allTextContents()).slice(0, 3).map((text) => text.trim())).toEqual([
      'Women 4x200 Meter Relay Section 1 of 2',
      'Women 4x200 Meter Relay Section 2 of 2',
      'Men 4x200 Meter Relay',
    ]);

    // The shot put's first flight: unofficial, "Flight 1 of 3 in", never Official yet.
    const shotPut = events.find((e) => e.eventName === 'Women Shot Put')!;
    await save('029-1-01.lff');
    const flight1 = await event(shotPut.id);
    expect(flight1).toMatchObject({ status: 'unofficial', shown: 'live' });
    expect(flight1.progress).toEqual({ part: 'flights', done: 1, of: 3 });
    const field = await phone(`/event/${shotPut.id}`);
    await field.getByText('Flight 1 of 3 in').first().waitFor();
    expect(await field.getByText('Official', { exact: true }).count()).toBe(0);
    await screenshot(field, 'meet-day-flight-1-of-3-360');
    await save('029-1-02.lff');
    await save('029-1-03.lff');
    // Official once every flight is in, on the open page, and never "Corrected".
    await field.locator('.ev-event-facts .status-official').waitFor();
    expect(await field.getByText(/Corrected/).count()).toBe(0);
    const shotHistory = await history(shotPut.id);
    expect(shotHistory.versions.filter((v) => v.correction)).toEqual([]);
    expect((await event(shotPut.id)).results).toHaveLength(34);

    // A heat's .lif arrives in two steps (a pause at a line end): 3 of 7, then the heat.
    const heat1 = dashes[0]!;
    const whole = meetFile(meet, '001-1-01.lif');
    const lines = new TextDecoder().decode(whole).split('\r\n');
    const firstStep = new TextEncoder().encode(`${lines.slice(0, 4).join('\r\n')}\r\n`);
    const race = await phone(`/event/${heat1.id}`);
    await save('001-1-01.lif', firstStep);
    await race.getByText('3 of 7 results in').first().waitFor();
    expect(await event(heat1.id)).toMatchObject({ status: 'unofficial', shown: 'live' });
    await save('001-1-01.lif', whole);
    await race.locator('.ev-event-facts .status-official').waitFor();
    expect(await race.getByText(/Corrected/).count()).toBe(0);
    expect((await history(heat1.id)).versions.filter((v) => v.correction)).toEqual([]);
    await screenshot(race, 'meet-day-heat-official-360');

    // Its race's other heats and final, one tap away.
    const family = race.getByRole('navigation', {
      name: 'Heats and rounds of Women 60 Meter Dash',
    });
    await family.getByRole('link', { name: 'Final' }).waitFor();
    expect(await family.getByRole('link').count()).toBe(5);
    expect(
      await race.getByRole('link', { name: /Share Women 60 Meter Dash, Heat 1 of 4/ }).count(),
    ).toBe(1);

    // Now and next, first on the phone: the heat just in, what is next; the search one step away.
    await page.getByRole('heading', { name: 'Latest results' }).waitFor();
    const now = page.locator('.meet-now');
    await now.getByRole('link', { name: 'Women 60 Meter Dash, Heat 1 of 4' }).first().waitFor();
    await now.getByText('Samantha Sharrow').waitFor();
    await now.getByRole('heading', { name: 'Next', exact: true }).waitFor();
    const headerBox = await page.locator('.meet-now').boundingBox();
    const eventsBox = await page.locator('.events').boundingBox();
    expect(headerBox!.y).toBeLessThan(eventsBox!.y);
    await page.getByRole('button', { name: 'Find an athlete' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'meet-day-now-next-360');

    // No event shows a false "Corrected"; none is out of the meet's running order.
    const after = await publicMeet(t.url, uic);
    expect(after.filter((e) => e.correctedAt !== null).map((e) => e.eventName)).toEqual([]);
    expect(outOfRunningOrder(await listed(uic), meetFile(meet, 'lynx.evt'))).toBe(0);
  });

  it('a Polish meet: heats under their own numbers and the FINAŁ are one race; wind only where it counts', async () => {
    const meet = 'polish-youth';
    const files = [
      'lynx.evt',
      '010-1-01.lif',
      '020-1-01.lif',
      '025-1-01.lif',
      '040-1-01.lif',
      '041-1-02.lif',
      '042-1-03.lif',
      '043-1-01.lif',
    ];
    const { uic } = await timingRoom(meet, files);
    const events = await listed(uic);
    const hundred = events.filter((e) => e.eventName === '100m M U16');
    expect(hundred.map((e) => [e.round, e.heat, e.heatCount])).toEqual([
      ['heats', 1, 3],
      ['heats', 2, 3],
      ['heats', 3, 3],
      ['finals', null, 1],
    ]);
    // In lynx.evt's order: 100m ppł K U18 first, …, the final after its heats.
    expect(events[0]?.eventName).toBe('100m ppł K U18');
    expect(outOfRunningOrder(events, meetFile(meet, 'lynx.evt'))).toBe(0);

    const page = await phone(`/event/${hundred[1]!.id}`);
    const family = page.getByRole('navigation', { name: 'Heats and rounds of 100m M U16' });
    await family.getByRole('link', { name: 'Heat 1' }).waitFor();
    expect(await family.getByRole('link').allTextContents()).toEqual([
      'Heat 1',
      'Heat 2',
      'Heat 3',
      'Final',
    ]);
    expect(await family.getByRole('link', { name: 'Heat 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await screenshot(page, 'meet-day-polish-heat-360');

    // Hurdles carry their wind; a steeplechase and a relay show none, and call none legal.
    const wind = async (name: string) => {
      const e = events.find((x) => x.eventName === name)!;
      const open = await phone(`/event/${e.id}`);
      await open.locator('.ev-event-title').waitFor();
      await open.getByRole('table').first().waitFor();
      const text = (await open.locator('.ev-event-header').textContent()) ?? '';
      await open.close();
      return text;
    };
    expect(await wind('100m ppł K U18')).toMatch(/m\/s · Legal wind/);
    expect(await wind('2000m z przeszk. M U18')).not.toMatch(/m\/s|Legal wind/);
    expect(await wind('sztafeta 4x100m K U16')).not.toMatch(/m\/s|Legal wind/);
    const after = await publicMeet(t.url, uic);
    expect(after.filter((e) => e.correctedAt !== null).map((e) => e.eventName)).toEqual([]);
  });
});
