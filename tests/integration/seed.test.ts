import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password.ts';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import {
  CLUB_PLAN,
  RECREATIONAL_COMPETITION_LIMIT,
  RECREATIONAL_PLAN,
  ensurePricePlans,
  planNames,
} from '../../server/pricing/plans.ts';
import { seedDemoData } from '../../scripts/seed/demo.ts';
import {
  COMPETITIONS_PAGE_SIZE,
  localIsoDate,
  splitCompetitions,
} from '../../shared/competitionList.ts';
import { windLabel } from '../../shared/athletics/wind.ts';
import { AthleteRows } from '../../shared/schemas/athlete.ts';
import { eventStatuses } from '../../shared/schemas/enums.ts';

// Its own in-memory database: the demo data fills a whole site, so it cannot share one.
let handle: DatabaseHandle;
let login: { adminEmail: string; adminPassword: string };
const today = new Date();
const todayIso = localIsoDate(today);

beforeAll(async () => {
  handle = await connectDatabase({ kind: 'pglite', dataDir: undefined });
  await migrateToLatest(handle.db);
  await ensurePricePlans(handle.db);
  await ensurePricePlans(handle.db);
  login = await seedDemoData(handle.db, today);
}, 60_000);
afterAll(() => handle.close());

const db = () => handle.db;

async function plansWithFeatures() {
  const plans = await db().selectFrom('packages').selectAll().orderBy('sortOrder').execute();
  const features = await db()
    .selectFrom('packageFeatures')
    .selectAll()
    .orderBy('packageId')
    .orderBy('sortOrder')
    .execute();
  return plans.map((plan) => ({
    ...plan,
    features: features.filter((feature) => feature.packageId === plan.id),
  }));
}

describe('ensurePricePlans', () => {
  it('writes the four plans once, however often it runs', async () => {
    const plans = await plansWithFeatures();
    expect(plans.map((plan) => plan.name)).toEqual([...planNames]);
    // Thirteen checklist lines each, plus 'Limited to 3 competitions' on Recreational.
    expect(plans.map((plan) => plan.features.length)).toEqual([14, 13, 13, 13]);
  });

  it('restores a plan and its features that were changed by hand', async () => {
    const club = await db()
      .selectFrom('packages')
      .select('id')
      .where('name', '=', CLUB_PLAN)
      .executeTakeFirstOrThrow();
    await db().updateTable('packages').set({ price: '€1' }).where('id', '=', club.id).execute();
    await db()
      .deleteFrom('packageFeatures')
      .where('packageId', '=', club.id)
      .where('name', '=', 'Timetable')
      .execute();
    await db()
      .updateTable('packageFeatures')
      .set({ included: false })
      .where('packageId', '=', club.id)
      .execute();

    await ensurePricePlans(db());

    const plans = await plansWithFeatures();
    const restored = plans.find((plan) => plan.name === CLUB_PLAN);
    expect(restored?.id).toBe(club.id);
    expect(restored?.price).toBe('€249');
    expect(restored?.features).toHaveLength(13);
    expect(restored?.features.filter((f) => f.included)).toHaveLength(11);
  });

  it('keeps the gated features off the free plan and shows its limit', async () => {
    const plans = await plansWithFeatures();
    const free = plans.find((plan) => plan.name === RECREATIONAL_PLAN);
    expect(free).toMatchObject({ price: 'Free', competitionLimit: 3, highlight: false });
    const included = free?.features.filter((f) => f.included).map((f) => f.alias) ?? [];
    expect(included).not.toContain('timetable');
    expect(included).not.toContain('wind_speed');
    expect(included).not.toContain('head_on_camera_image');
    expect(included).toContain('limited_to_3_competitions');
    expect(free?.features.at(-1)?.name).toBe('Limited to 3 competitions');

    const club = plans.find((plan) => plan.name === CLUB_PLAN);
    expect(club).toMatchObject({ highlight: true, commitmentMonths: 12, competitionLimit: null });
    const clubFeatures = Object.fromEntries(club?.features.map((f) => [f.name, f.included]) ?? []);
    expect(clubFeatures).toMatchObject({
      Timetable: true,
      'Wind Speed': true,
      'Head on camera image': true,
      Adverts: false,
      'Free Renewal Required': false,
    });
    expect(plans.filter((plan) => plan.highlight)).toHaveLength(1);
  });
});

describe('seedDemoData', () => {
  it('makes clubs, one of them hidden and one without a url name', async () => {
    const clubs = await db().selectFrom('clubs').selectAll().execute();
    expect(clubs.length).toBeGreaterThanOrEqual(3);
    expect(clubs.some((club) => !club.visible)).toBe(true);
    expect(clubs.some((club) => club.visible && club.urlName === null)).toBe(true);
    expect(clubs.every((club) => club.packageId !== null)).toBe(true);
  });

  it('has a competition live today, upcoming and past ones, enough to page through', async () => {
    const competitions = await db()
      .selectFrom('competitions')
      .innerJoin('clubs', 'clubs.uic', 'competitions.clubUic')
      .selectAll('competitions')
      .select('clubs.visible as clubVisible')
      .execute();
    const visible = competitions.filter((c) => c.visible && c.clubVisible);

    const live = visible.filter((c) => c.liveNow);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ date: todayIso, timedBy: 'Rith Timing' });
    expect(live[0]?.mapLink).toMatch(/^https:\/\/maps\.google\.com\/\?q=/);

    const { upcoming, past } = splitCompetitions(visible, todayIso);
    expect(upcoming.some((c) => c.date !== null && c.date > todayIso)).toBe(true);
    expect(upcoming.some((c) => c.closeTime !== null)).toBe(true);
    expect(past.length).toBeGreaterThan(0);
    expect(visible.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(upcoming.length, past.length)).toBeGreaterThan(COMPETITIONS_PAGE_SIZE);

    expect(competitions.some((c) => !c.visible && c.clubVisible)).toBe(true);
    expect(competitions.some((c) => c.visible && !c.clubVisible)).toBe(true);
    expect(competitions.some((c) => c.urlName === null)).toBe(true);
  });

  it('keeps the free-plan club within its competition limit', async () => {
    const galway = await db()
      .selectFrom('clubs')
      .innerJoin('packages', 'packages.id', 'clubs.packageId')
      .select(['clubs.uic', 'packages.name as plan'])
      .where('clubs.urlName', '=', 'galway-ac')
      .executeTakeFirstOrThrow();
    expect(galway.plan).toBe(RECREATIONAL_PLAN);
    const { count } = await db()
      .selectFrom('competitions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('clubUic', '=', galway.uic)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(RECREATIONAL_COMPETITION_LIMIT);
  });

  it('leaves one public competition without events', async () => {
    const empty = await db()
      .selectFrom('competitions')
      .select('competitionName')
      .where('visible', '=', true)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('events')
              .select('events.id')
              .whereRef('events.competitionUic', '=', 'competitions.uic'),
          ),
        ),
      )
      .execute();
    expect(empty.length).toBeGreaterThanOrEqual(1);
  });

  it('has events in every status, with rows the shared schema accepts', async () => {
    const events = await db().selectFrom('events').selectAll().execute();
    expect(new Set(events.map((e) => e.status))).toEqual(new Set(eventStatuses));

    const imported = events.find((e) => e.status === 'imported');
    expect(imported).toMatchObject({ autoCreatedFromTimetable: true, round: 'unknown' });

    for (const event of events) {
      const results = AthleteRows.parse(event.results);
      const startList = AthleteRows.parse(event.startListFile);
      for (const row of [...results, ...startList]) expect(row.eventName).toBe(event.eventName);
      expect(event.resultsFileType === 'NONE').toBe(results.length === 0);
      expect(event.startListType === 'NONE').toBe(startList.length === 0);
      expect(event.pdfLink).toBeNull();
    }

    const upcomingWithStartList = events.filter(
      (e) => e.status === 'upcoming' && e.startListFile.length > 0,
    );
    expect(upcomingWithStartList.length).toBeGreaterThan(3);
    const unofficial = events.find((e) => e.status === 'unofficial');
    expect(unofficial?.results.length).toBeGreaterThan(0);
    expect(unofficial?.startListFile.length).toBeGreaterThan(0);
  });

  it('shows every wind label, relays without bibs and fields with their series', async () => {
    const events = await db().selectFrom('events').selectAll().execute();
    const labels = new Set(events.map((e) => windLabel(e.windSpeed)).filter(Boolean));
    expect(labels).toEqual(new Set(['Legal wind', 'Wind-aided', 'Strong headwind']));

    const longJumps = events.filter((e) => e.fieldDiscipline === 'LONG_JUMP' && e.results.length);
    expect(longJumps.length).toBeGreaterThan(0);
    for (const event of longJumps) {
      expect(event.windSpeed).toBeNull();
      for (const row of event.results) {
        expect(row.attempts).toHaveLength(6);
        expect(row.attemptWinds).toHaveLength(6);
      }
    }

    const highJump = events.find((e) => e.fieldDiscipline === 'HIGH_JUMP' && e.results.length);
    for (const row of highJump?.results ?? []) {
      expect(row.attempts).toHaveLength(row.heights?.length ?? -1);
    }

    const relay = events.find((e) => e.eventName.includes('4x100') && e.results.length);
    expect(
      relay?.results.every((row) => row.bib === null && /^[A-Z]+ {2}[A-Z]$/.test(row.club ?? '')),
    ).toBe(true);

    const codes = events.flatMap((e) => e.results.map((row) => row.rank ?? row.performance));
    expect(codes).toEqual(expect.arrayContaining(['DNS', 'DNF']));
  });

  it('creates the demo admin, managing two clubs, with a working password', async () => {
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('email', '=', login.adminEmail)
      .executeTakeFirstOrThrow();
    expect(user.username).toBe('Demo Admin');
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(user.passwordHash, login.adminPassword)).toBe(true);

    const clubs = await db()
      .selectFrom('clubMembers')
      .innerJoin('clubs', 'clubs.uic', 'clubMembers.clubUic')
      .select('clubs.clubName')
      .where('clubMembers.userId', '=', user.id)
      .orderBy('clubs.clubName')
      .execute();
    expect(clubs.map((c) => c.clubName)).toEqual(['Dublin City Harriers', 'Galway Athletics Club']);
  });
});
