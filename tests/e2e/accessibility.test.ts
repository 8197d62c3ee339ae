import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  rememberedVisitor,
  seriousViolations,
  sharedBrowser,
  waitForUpdates,
} from '../support/browser.ts';
import { athlete, createClub, createCompetition, createEvent, unique } from '../support/factory.ts';
import { ADMIN_PASSWORD, createAdmin, loggedIn, packageId } from '../support/admin.ts';
import { createToken } from '../support/tokens.ts';
import { fromNewestMail } from '../support/outbox.ts';
import { fixture, supersedeFromDialog } from '../support/uploads.ts';
import { updateEvent } from '../../server/events/service.ts';
import { eventStatusLabels } from '../../shared/domain.ts';
import { CLUB_PLAN, RECREATIONAL_PLAN } from '../../server/pricing/plans.ts';
import type { VerificationResult } from '../../shared/schemas/registration.ts';

// WCAG 2.2 AA on every page at a phone's width and a laptop's: axe-core over each route (no
// serious or critical violation), then what axe cannot judge: tables a screen reader can
// walk, results announced politely, every control reachable by keyboard with a visible
// focus, and no motion for those who ask for none.

const WIDTHS = [360, 1280] as const;

let t: TestApp;
let browser: Browser;
const data = {} as {
  club: string;
  live: string;
  past: string;
  future: number;
  recreational: number;
  admin: string;
  competitionName: string;
  events: Record<
    'official' | 'unofficial' | 'finishCamera' | 'startList' | 'field' | 'scratched',
    string
  >;
  resetLink: string;
};

/** A page of the app, and what it shows once it is ready to be checked. */
interface Route {
  name: string;
  /** Worked out when its turn comes (the data is made after the list); none: stay. */
  path: (() => string | Promise<string>) | null;
  /** Text the ready page shows. */
  ready: string;
  /** Done on the page before it is checked: a dialog opened, a form shown. */
  then?: (page: Page) => Promise<void>;
}

const route = (name: string, path: Route['path'], ready: string, then?: Route['then']): Route => ({
  name,
  path,
  ready,
  ...(then ? { then } : {}),
});

/** Every route of client/App.tsx as a visitor sees it, in the order a visitor might. */
const publicRoutes = (): Route[] => [
  route('home', () => '/', 'LIVE NOW', expandBanner),
  route('home: demo dialog', null, 'Join Waiting List', (page) =>
    page.getByRole('button', { name: 'Book a Free Demo' }).click(),
  ),
  route('club', () => `/${data.club}`, 'LIVE NOW', everyStatus),
  route('live competition, an athlete followed', () => competitionPath(), 'LIVE NOW', follow),
  route('past competition', () => `/${data.club}/${data.past}`, 'Women 5000m'),
  route('competitions', () => '/competitions', 'Santry Open'),
  route('past competitions', () => '/competitions?tab=past', 'Munster Championships'),
  route('event: official track results', () => eventPath('official'), 'Sean Doyle'),
  route('event: unofficial heat (start list shown)', () => eventPath('unofficial'), 'Paul Kelly'),
  route('event: finish camera lines', () => eventPath('finishCamera'), 'Live from'),
  route('event: start list only', () => eventPath('startList'), 'Ciara Mageean'),
  route('event: field results', () => eventPath('field'), 'Saragh Buggy'),
  route('event: scratched', () => eventPath('scratched'), 'has been scratched'),
  route('event: not found', () => '/event/00000000-0000-4000-8000-000000000000', 'Not Found'),
  route('scoreboard', () => `/board/${data.club}/${data.live}`, 'Cork City Sports'),
  route('embed', () => `/embed/${data.club}/${data.live}`, 'Cork City Sports'),
  route('embed overlay', () => `/embed/${data.club}/${data.live}?overlay=1`, 'Cork City Sports'),
  route('pricing', () => '/pricing', 'Pricing Plans'),
  route('privacy', () => '/privacy', 'Contents'),
  route('terms', () => '/terms', 'Contents'),
  route('login', () => '/login', 'Log in'),
  route('login: forgot password', null, 'Send', (page) =>
    page.getByRole('button', { name: /Forgot password/ }).click(),
  ),
  route('reset password', () => data.resetLink, 'Confirm password'),
  route('register for a competition', () => `/register/competition/${data.future}`, 'Santry'),
  route('register a club', () => `/register/package/${data.recreational}`, 'Limited to 3'),
  route('verify: a spent link', () => '/verify/not-a-real-token', 'Back to results'),
  route('athlete details', () => verified({ competitionUic: data.future }), 'Emergency contact'),
  route('club details', () => verified({ packageId: data.recreational }), 'Manager name'),
  route('not found', () => '/no/such/page', 'Page Not Found'),
];

/** The admin console, signed in as the club's admin: the page and each of its dialogs. */
const adminRoutes = (): Route[] => [
  route('admin', () => '/admin', 'Tokens and agents'),
  route('admin: competition dialog', null, 'Save changes', (page) =>
    openDialog(page, `Edit ${data.competitionName}`),
  ),
  route('admin: event dialog', null, 'Save changes', (page) => openDialog(page, /^Edit Men 100m/)),
  route('admin: new event dialog', null, 'Add event', (page) => openDialog(page, 'Add New Event')),
  route('admin: upload dialog', null, 'lynx.evt', (page) =>
    openDialog(page, 'Upload FinishLynx files'),
  ),
  route('admin: a superseded upload', null, 'Superseded.', supersededUpload),
];

const eventPath = (which: keyof typeof data.events) => `/event/${data.events[which]}`;
const competitionPath = () => `/${data.club}/${data.live}`;

async function expandBanner(page: Page) {
  const toggle = page.getByRole('button', { name: /collapse|expand/i });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
}

/** The competition's events show a badge of each status, each checked for contrast. */
async function everyStatus(page: Page) {
  await expect
    .poll(async () => new Set(await page.locator('.status-badge').allTextContents()))
    .toEqual(new Set(Object.values(eventStatusLabels)));
}

/** Finds an athlete by the search and follows them: My athletes and the alerts offer show. */
async function follow(page: Page) {
  await page.getByLabel('Name, bib or club').fill('Doyle');
  await page.getByText('1 athlete matches').waitFor();
  await page.getByRole('button', { name: 'Follow Sean Doyle', exact: true }).first().click();
  await page.getByRole('button', { name: 'Following Sean Doyle', pressed: true }).first().waitFor();
  await page.getByRole('heading', { name: /My athletes/ }).waitFor();
}

/** Closes whatever dialog is open. */
async function closeDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  if ((await dialog.count()) > 0) {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
}

/** Closes whatever dialog is open, then opens the one behind the button. */
async function openDialog(page: Page, button: string | RegExp) {
  await closeDialog(page);
  await page.getByRole('button', { name: button }).first().click();
  await page.getByRole('dialog').waitFor();
}

/**
 * The FinishLynx dialog telling of an upload that a newer file of its heat came before, in
 * another competition than the live one, whose pages the later checks walk.
 */
async function supersededUpload(page: Page) {
  await closeDialog(page);
  await page.getByRole('button', { name: 'Santry Open', exact: true }).first().click();
  await openDialog(page, 'Upload FinishLynx files');
  await supersedeFromDialog(page, t.runtime, await loggedIn(t.url, data.admin), data.future, {
    name: '001-1-01.lif',
    bytes: fixture('finishlynx', '001-1-01.lif'),
  });
}

/** The page an e-mailed verification link leads to, for a new address. */
async function verified(target: { competitionUic: number } | { packageId: number }) {
  const email = `${unique('a11y')}@example.ie`;
  const post = (path: string, body: unknown) =>
    fetch(t.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify(body),
    });
  if (!(await post('/api/register/request-verification', { email, ...target })).ok) {
    throw new Error('verification not sent');
  }
  const token = await fromNewestMail(t.runtime.db, email, /\/verify\/([\w-]+)/);
  // What the verify page does before it moves on (its own state is checked by the spent link).
  const result = (await (
    await post('/api/register/verify', { token })
  ).json()) as VerificationResult;
  const where =
    'competitionUic' in target
      ? `competition/${target.competitionUic}`
      : `package/${target.packageId}`;
  return `/register/${where}?step=personal&validated=1&token=${encodeURIComponent(result.token)}`;
}

async function visit(page: Page, r: Route) {
  if (r.path) await page.goto(t.url + (await r.path()));
  await r.then?.(page);
  await page.getByText(r.ready).filter({ visible: true }).first().waitFor();
}

/**
 * Data tables a screen reader can walk: a caption naming the table, a header cell with a
 * scope for each column, and the athlete (or event) as each row's header where it has one.
 */
function tableProblems(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')].flatMap((table, i) => {
      const name = table.className || `table ${i + 1}`;
      const problems: string[] = [];
      if (!table.caption?.textContent?.trim()) problems.push(`${name}: no caption`);
      const heads = [...table.querySelectorAll('thead th')];
      if (heads.length === 0) problems.push(`${name}: no header cells`);
      for (const th of heads) {
        if (th.getAttribute('scope') !== 'col')
          problems.push(`${name}: a column header lacks scope`);
      }
      const rows = [...table.querySelectorAll('tbody tr')];
      if (table.matches('.ev-data-table') && rows.some((tr) => !tr.querySelector('th'))) {
        problems.push(`${name}: a row without its athlete as the row header`);
      }
      for (const th of table.querySelectorAll('tbody th')) {
        if (th.getAttribute('scope') !== 'row') problems.push(`${name}: a row header lacks scope`);
      }
      return problems;
    }),
  );
}

/** Lays the page out at the width and waits for two frames, so what is checked is painted. */
async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

beforeAll(async () => {
  // No job runs by itself: the superseded upload's route runs them in the order it needs.
  t = await startTestApp({ serveClient: true, processors: false });
  const db = t.runtime.db;
  const club = await createClub(db, {
    clubName: 'Leevale AC',
    urlName: 'leevale',
    packageId: await packageId(db, CLUB_PLAN),
  });
  const live = await createCompetition(db, club.uic, {
    competitionName: 'Cork City Sports',
    urlName: 'city-sports',
    location: 'MTU Sports Arena, Cork',
    liveNow: true,
    description: 'Evening meet with international fields.',
    mapLink: 'https://maps.example.com/mtu',
    timedBy: 'Munster Timing',
  });
  const past = await createCompetition(db, club.uic, {
    competitionName: 'Munster Championships',
    urlName: 'munsters-2025',
    date: '2025-06-14',
  });
  const future = await createCompetition(db, club.uic, {
    competitionName: 'Santry Open',
    urlName: 'santry-open',
    date: `${new Date().getUTCFullYear() + 1}-05-10`,
  });
  await createEvent(db, past.uic, {
    eventName: 'Women 5000m',
    status: 'official',
    round: 'finals',
    results: [athlete({ name: 'Fionnuala McCormack', rank: '1', performance: '15:48.20' })],
  });

  const sprinters = [
    athlete({ name: 'Sean Doyle', rank: '3', bib: '44', club: 'Leevale AC', lane: '6' }),
    athlete({ name: 'Ciaran Barry', rank: '1', bib: '12', club: 'DSD', lane: '4' }),
    athlete({ name: 'Paul Kelly', rank: '2', bib: '7', club: 'Clonliffe', lane: '5' }),
    athlete({ name: 'Eoin Walsh', rank: 'DNS', bib: '9', club: 'Leevale AC', lane: '3' }),
  ];
  const times = ['10.482', '10.172', '10.301', null];
  const results = sprinters.map((row, i) => ({ ...row, performance: times[i] ?? null }));
  const startListFile = sprinters.map((row) => ({ ...row, rank: null }));
  const heats = {
    eventName: 'Men 100m',
    round: 'heats' as const,
    heatCount: 2,
    resultsFileType: 'LYNX_MEET_MANAGMENT' as const,
    results,
    startListFile,
  };
  const official = await createEvent(db, live.uic, {
    ...heats,
    heat: 1,
    time: '19:00',
    status: 'official',
    windSpeed: '+1.2',
    pdfLink: '/favicon.svg',
  });
  const unofficial = await createEvent(db, live.uic, {
    ...heats,
    heat: 2,
    time: '19:05',
    status: 'unofficial',
    windSpeed: '-0.4',
  });
  const finishCamera = await createEvent(db, live.uic, {
    eventName: 'Women 200m',
    trackDiscipline: 'TWO_HUNDRED_METER',
    time: '19:20',
    status: 'unofficial',
    startListFile,
    live: JSON.stringify({
      rows: results.slice(0, 2),
      wind: '+0.8',
      updatedAt: new Date().toISOString(),
    }),
  });
  const startList = await createEvent(db, live.uic, {
    eventName: 'Women 800m',
    trackDiscipline: 'EIGHT_HUNDRED_METER',
    time: '19:40',
    startListFile: [athlete({ name: 'Ciara Mageean', lane: '2', bib: '55', club: 'UCD AC' })],
  });
  const field = await createEvent(db, live.uic, {
    eventName: 'Women Long Jump',
    eventType: 'JUMP',
    trackDiscipline: null,
    fieldDiscipline: 'LONG_JUMP',
    time: '18:30',
    status: 'official',
    results: [
      athlete({
        name: 'Saragh Buggy',
        rank: '1',
        bib: '101',
        performance: '6.41',
        attempts: ['6.12', 'X', '6.41', '-', '6.30', '6.05'],
        attemptWinds: ['+1.1', null, '+2.4', null, '-0.3', '+0.0'],
        best: '6.41',
      }),
      athlete({
        name: 'Ruth Irwin',
        rank: '2',
        bib: '102',
        performance: '6.02',
        attempts: ['5.88', '6.02', 'X', 'X', '5.91', 'X'],
        attemptWinds: ['+0.2', '+1.9', null, null, '+0.4', null],
        best: '6.02',
      }),
    ],
  });
  const scratched = await createEvent(db, live.uic, {
    eventName: 'Men 400m',
    trackDiscipline: 'FOUR_HUNDRED_METER',
    time: '20:00',
    status: 'scratched',
  });
  // Its badge pulses: the badge must keep its contrast at every moment of the pulse.
  await createEvent(db, live.uic, {
    eventName: 'Men 1500m',
    trackDiscipline: 'FIFTEEN_HUNDRED_METER',
    time: '20:10',
    status: 'imported',
  });

  const admin = await createAdmin(db, [club.uic]);
  await createToken(await loggedIn(t.url, admin.email), live.uic, 'Finish PC');
  const asked = await fetch(`${t.url}/api/admin/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.url },
    body: JSON.stringify({ email: admin.email }),
  });
  if (!asked.ok) throw new Error(`no reset link: ${asked.status}`);

  Object.assign(data, {
    club: club.urlName,
    live: live.urlName,
    past: past.urlName,
    future: future.uic,
    recreational: await packageId(db, RECREATIONAL_PLAN),
    admin: admin.email,
    competitionName: live.competitionName,
    events: {
      official: official.id,
      unofficial: unofficial.id,
      finishCamera: finishCamera.id,
      startList: startList.id,
      field: field.id,
      scratched: scratched.id,
    },
    resetLink: await fromNewestMail(db, admin.email, /(\/reset-password\?token=[\w-]+)/),
  });
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe(`every route at ${WIDTHS.join(' and ')} px`, () => {
  let page: Page;
  beforeAll(async () => {
    // A first visit: the cookie bar stays up on every page, as it does until accepted.
    // AxeBuilder needs a page of a context made with browser.newContext().
    const context = await browser.newContext();
    page = await context.newPage();
    await rememberedVisitor(page.context(), { bannerSeen: true });
  });
  afterAll(() => page?.context().close());

  const check = async (r: Route) => {
    await visit(page, r);
    for (const width of WIDTHS) {
      await atWidth(page, width);
      expect(await seriousViolations(page), `axe: ${r.name} at ${width} px`).toEqual([]);
    }
    expect(await tableProblems(page), `tables: ${r.name}`).toEqual([]);
  };

  it.each(publicRoutes().map((r) => [r.name, r] as const))('%s', (_name, r) => check(r));

  it('signs the club admin in', async () => {
    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email').fill(data.admin);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${t.url}/admin`);
  });

  it.each(adminRoutes().map((r) => [r.name, r] as const))('%s', (_name, r) => check(r));
});

/** What tabbing from the top of the page reached, and what it did not. */
interface TabWalk {
  /** Each stop, in order: "button Photo Finish PDF". */
  reached: string[];
  /** Stops that showed no focus ring (an outline on it, its ::before/::after or a card around it). */
  unmarked: string[];
  /** Visible controls that no Tab reached. */
  missed: string[];
}

async function tabThrough(page: Page): Promise<TabWalk> {
  // Every visible control, numbered; one stop per radio group, as the browser tabs them.
  await page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]',
    );
    let n = 0;
    for (const el of controls) {
      const off =
        el.matches(':disabled, [tabindex="-1"]') ||
        el.closest('[inert], [aria-hidden="true"]') !== null ||
        !el.checkVisibility({ visibilityProperty: true });
      if (!off)
        el.dataset.kb = el.matches('[type="radio"]')
          ? `radio:${(el as HTMLInputElement).name}`
          : String(n++);
    }
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const reached: string[] = [];
  const unmarked: string[] = [];
  const keys = new Set<string>();
  for (let i = 0; i < 300; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((step) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      // A control drawn after the page was marked (a table that loaded later) gets its key
      // now, so coming back to it ends the walk as any other would.
      el.dataset.kb ??= `late-${step}`;
      const ringed = (style: CSSStyleDeclaration) =>
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 2 &&
        !/rgba\(.*, 0\)|transparent/.test(style.outlineColor);
      let marked = [null, '::before', '::after'].some((pseudo) =>
        ringed(getComputedStyle(el, pseudo)),
      );
      // A card that rings itself while a control inside it has focus (:focus-within).
      for (let up = el.parentElement; !marked && up; up = up.parentElement) {
        marked = ringed(getComputedStyle(up));
      }
      const words = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
      return {
        key: el.dataset.kb ?? '',
        name: `${el.tagName.toLowerCase()} ${words.replace(/\s+/g, ' ').slice(0, 40)}`,
        marked,
      };
    }, i);
    if (stop === null || keys.has(stop.key)) break;
    keys.add(stop.key);
    reached.push(stop.name);
    if (!stop.marked) unmarked.push(stop.name);
  }
  const missed = await page.evaluate(
    (got) =>
      [...document.querySelectorAll<HTMLElement>('[data-kb]')]
        .filter((el) => !got.includes(el.dataset.kb ?? ''))
        .map(
          (el) =>
            `${el.tagName.toLowerCase()} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`,
        ),
    [...keys],
  );
  return { reached, unmarked, missed };
}

describe('the keyboard', () => {
  const walks = [
    { name: 'an event page', path: () => eventPath('official'), ready: 'Sean Doyle', width: 1280 },
    { name: 'a live competition', path: competitionPath, ready: 'LIVE NOW', width: 360 },
    { name: 'the admin console', path: () => '/admin', ready: 'Tokens and agents', width: 1280 },
  ];

  it.each(walks.map((w) => [w.name, w] as const))(
    'reaches every control of %s, each with a visible focus ring',
    async (_name, walk) => {
      const context = await browser.newContext({ viewport: { width: walk.width, height: 900 } });
      if (walk.name === 'the admin console') {
        const admin = await loggedIn(t.url, data.admin);
        const [name, value] = (admin.cookie ?? '').split('=');
        await context.addCookies([{ name: name ?? '', value: value ?? '', url: t.url }]);
      }
      const page = await context.newPage();
      // The banner folds itself a second into a first visit: folded already, it holds still.
      await rememberedVisitor(page.context(), { bannerSeen: true });
      await page.goto(t.url + walk.path());
      await page.getByText(walk.ready).filter({ visible: true }).first().waitFor();
      const { reached, unmarked, missed } = await tabThrough(page);
      // The first stop skips the header and footer for keyboard users.
      expect(reached[0]).toBe('a Skip to content');
      expect(reached.length).toBeGreaterThan(5);
      expect(unmarked, 'focused without a visible ring').toEqual([]);
      expect(missed, 'never reached by Tab').toEqual([]);
      await context.close();
    },
  );
});

describe('reduced motion', () => {
  /** Elements (and pseudo-elements) still animating or with a transition. */
  const moving = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((el) =>
        [null, '::before', '::after'].flatMap((pseudo) => {
          const style = getComputedStyle(el, pseudo);
          const animated = style.animationName !== 'none';
          const transition = style.transitionDuration.split(',').some((d) => parseFloat(d) > 0);
          return animated || transition
            ? [`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}${pseudo ?? ''}`]
            : [];
        }),
      ),
    );

  it('stops the LIVE NOW pulse, and every other animation and transition', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 900 } });
    const page = await context.newPage();
    await rememberedVisitor(page.context(), { bannerSeen: true });
    await page.goto(t.url + competitionPath());
    const badge = page.locator('.live-badge');
    const animation = () => badge.evaluate((el) => getComputedStyle(el).animationName);
    expect(await animation()).toBe('live-pulse');
    expect(await moving(page)).not.toEqual([]);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await animation()).toBe('none');
    expect(await moving(page), 'the live competition').toEqual([]);
    await expandBanner(page);
    expect(await moving(page), 'the banner').toEqual([]);
    await page.getByRole('button', { name: 'Book a Free Demo' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await moving(page), 'the demo dialog').toEqual([]);
    await page.goto(t.url + eventPath('official'));
    await page.getByRole('button', { name: 'Photo Finish PDF' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await moving(page), 'an event page and its photo finish').toEqual([]);
    await context.close();
  });
});

describe('announcements of new results', () => {
  it('says politely, once, what arrived: never the table, nor each line of the finish camera', async () => {
    const db = t.runtime.db;
    const competition = await db
      .selectFrom('competitions')
      .select('uic')
      .where('urlName', '=', data.live)
      .executeTakeFirstOrThrow();
    const event = await createEvent(db, competition.uic, {
      eventName: 'Women 1500m',
      trackDiscipline: 'FIFTEEN_HUNDRED_METER',
      time: '20:30',
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${t.url}/event/${event.id}`);
    await page.getByRole('heading', { name: 'Women 1500m' }).waitFor();
    await waitForUpdates(page);
    // Every text a live region takes from now on, and how insistently it is said.
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      const regions =
        '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
      const last = new Map<Element, string>();
      new MutationObserver(() => {
        for (const region of document.querySelectorAll(regions)) {
          const text = region.textContent?.trim() ?? '';
          if (text !== '' && text !== (last.get(region) ?? '')) {
            const polite = region.matches('[aria-live="polite"], [role="status"]:not([aria-live])');
            said.push(`${polite ? 'polite' : 'ASSERTIVE'}: ${text}`);
          }
          last.set(region, text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const said = () =>
      page.evaluate(() =>
        (window as unknown as { said: string[] }).said.filter(
          (s) => !/Updates on|Reconnecting/.test(s),
        ),
      );
    const runners = [
      athlete({ name: 'Ciara Mageean', bib: '55', lane: '1', club: 'UCD AC' }),
      athlete({ name: 'Sarah Healy', bib: '56', lane: '2', club: 'UCD AC' }),
      athlete({ name: 'Nadia Power', bib: '57', lane: '3', club: 'DSD' }),
    ];
    const line = (count: number) =>
      runners
        .slice(0, count)
        .map((row, i) => ({ ...row, rank: String(i + 1), performance: `4:0${i}.5` }));
    const rowsShown = (count: number) =>
      expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(count);

    await updateEvent(t.runtime, event.id, { startListFile: runners });
    await rowsShown(3);
    await updateEvent(t.runtime, event.id, {
      live: { rows: line(1), wind: null, updatedAt: new Date().toISOString() },
    });
    await page.getByText('Live from the finish camera').waitFor();
    await updateEvent(t.runtime, event.id, {
      live: { rows: line(2), wind: null, updatedAt: new Date().toISOString() },
    });
    await rowsShown(2 + 3);
    await updateEvent(t.runtime, event.id, {
      status: 'official',
      results: line(3),
      resultsFileType: 'LYNX_MEET_MANAGMENT',
      live: null,
    });
    await page.getByText('Official results are in').waitFor({ state: 'attached' });
    expect(await said()).toEqual([
      'polite: Start list published: 3 entries.',
      'polite: Unofficial results are coming in from the finish camera.',
      'polite: Official results are in: 3 entries.',
    ]);
    // No table sits in a live region: a changed row is never read out with all the others.
    expect(
      await page
        .locator(':is([aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]) table')
        .count(),
    ).toBe(0);
    await context.close();
  });
});
