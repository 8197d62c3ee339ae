// npm run bench:bests -- [--athletes 5000] [--history 4] [--events 100] [--seed-rows 125]
//
// What working out bests costs as results land (server/bests/service.ts resultsWithBests, in
// the change that writes an event's results): each row's athlete, its PB/=PB/SB from the
// athlete's earlier marks (`performances`) and its record codes (`records`). On the server
// exactly as `npm start` runs it (the compiled entry point, NODE_ENV=production) on PostgreSQL
// and Redis as deployed: a fresh database of its own on DATABASE_URL (default the local
// service; dropped afterwards), REDIS_URL (default the local service).
//  1. History, through the admin API: N athletes (default 5,000) in 10 events × men and women
//     (250 each), each with 4 results over four past meets (two in 2025, two earlier in 2026),
//     published as official results lists of 125 rows.
//  2. A new meet in August 2026: 100 events of 20-50 rows (3,500 results), each POSTed as an
//     official results list, one at a time as a results table publishes them, in three
//     variants interleaved event by event, each in a competition of its own with the same
//     records lists: the athletes with history; the same rows by athletes new to Rith (no
//     history to read); the same rows naming nobody (no athlete, so no bests work at all:
//     the floor of a publish). Per-event latency p50/p95 per variant and rows per event; the
//     cost per result of the bests as paired differences (history - nobody, history - new).
//  3. Every event read back (GET /api/events/{id}): each row of the history variant must
//     carry its athlete and exactly the PB/=PB/SB worked out here from the marks sent; the
//     new athletes none of those; both the same record codes (which need no history), at
//     least one; the nameless rows no flags. Any miss fails the bench (exit code 1).
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { AdminCompetition, AdminEvent } from '../../shared/schemas/admin.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { RecordList } from '../../shared/schemas/athleteProfile.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import type { FieldDiscipline, TrackDiscipline } from '../../shared/domain.ts';
import { athlete } from '../support/factory.ts';
import { competitionBody, eventBody, type AdminClient } from '../support/admin.ts';
import { productWithAdmin } from './product.ts';

const { values } = parseArgs({
  options: {
    athletes: { type: 'string', default: '5000' },
    history: { type: 'string', default: '4' },
    events: { type: 'string', default: '100' },
    'seed-rows': { type: 'string', default: '125' },
  },
});
const athleteCount = Number(values.athletes);
const historyCount = Number(values.history);
const eventCount = Number(values.events);
const seedRows = Number(values['seed-rows']);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const sortedOf = (list: number[]) => [...list].sort((a, b) => a - b);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const count = (n: number) => n.toLocaleString('en-IE');

// ---- The athletes and their marks ------------------------------------------------------

/** Deterministic, so every run publishes the same meet. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(20_260_822);

interface Discipline {
  name: string;
  track: TrackDiscipline | null;
  field: FieldDiscipline | null;
  /** Hundredths of a second, or centimetres: men's range, women's range. */
  men: [number, number];
  women: [number, number];
  windy: boolean;
}
const DISCIPLINES: Discipline[] = [
  {
    name: '100m',
    track: 'ONE_HUNDRED_METER',
    field: null,
    men: [1050, 1250],
    women: [1180, 1400],
    windy: true,
  },
  {
    name: '200m',
    track: 'TWO_HUNDRED_METER',
    field: null,
    men: [2150, 2550],
    women: [2400, 2850],
    windy: true,
  },
  {
    name: '400m',
    track: 'FOUR_HUNDRED_METER',
    field: null,
    men: [4800, 5800],
    women: [5400, 6600],
    windy: false,
  },
  {
    name: '800m',
    track: 'EIGHT_HUNDRED_METER',
    field: null,
    men: [11000, 13500],
    women: [12800, 15500],
    windy: false,
  },
  {
    name: '1500m',
    track: 'FIFTEEN_HUNDRED_METER',
    field: null,
    men: [22800, 28000],
    women: [26000, 32000],
    windy: false,
  },
  {
    name: 'Long Jump',
    track: null,
    field: 'LONG_JUMP',
    men: [550, 760],
    women: [450, 640],
    windy: true,
  },
  {
    name: 'High Jump',
    track: null,
    field: 'HIGH_JUMP',
    men: [170, 215],
    women: [150, 185],
    windy: false,
  },
  {
    name: 'Shot Put',
    track: null,
    field: 'SHOT_PUT',
    men: [1000, 1900],
    women: [900, 1600],
    windy: false,
  },
  {
    name: 'Discus',
    track: null,
    field: 'DISCUS_THROW',
    men: [3500, 6000],
    women: [3000, 5200],
    windy: false,
  },
  {
    name: 'Javelin',
    track: null,
    field: 'JAVELIN_THROW',
    men: [4000, 7500],
    women: [3000, 5800],
    windy: false,
  },
];

interface Group {
  discipline: Discipline;
  sex: 'men' | 'women';
  label: string;
  isTime: boolean;
  athletes: Person[];
}
interface Person {
  name: string;
  club: string;
  gender: 'M' | 'F';
  ability: number;
  /** The history's marks, one per past meet, in the meets' order. */
  past: number[];
}

const FIRST = {
  men: 'Cian, Oisín, Darragh, Eoin, Seán, Ciarán, Pádraig, Tadhg, Rónán, Colm, Fionn, Dónal, Conor, Jack, James, Luke, Adam, Daniel, Mark, Michał, Jakub, Kwame, Søren, José, Liam',
  women:
    'Aoife, Saoirse, Niamh, Ciara, Éabha, Órla, Caoimhe, Róisín, Sadhbh, Clíodhna, Méabh, Gráinne, Zofia, Chloé, Zoë, Ngozi, Freya, Emma, Sophie, Hannah, Kate, Rachel, Sarah, Ellen, Lucy',
};
const LAST =
  "Murphy, Kelly, O'Sullivan, Walsh, Byrne, Ryan, O'Brien, Doyle, McCarthy, Fitzgerald, de Búrca, Müller, Dubois, García, Okafor, Adeyemi, Nguyễn, Kavanagh, Brennan, Gallagher, Duffy, Moran, Quinn, Nowak, Ó Gríofa".split(
    ', ',
  );
const CLUBS = [
  'Clonliffe Harriers',
  'Leevale AC',
  'Raheny Shamrock AC',
  'Galway City Harriers',
  'Donore Harriers',
  'Sligo AC',
  'Ennis Track AC',
  'Naas AC',
];

/** A mark near the athlete's level: within 1.5% either way. */
const near = (ability: number) => Math.round(ability * (1 + 0.015 * (2 * rand() - 1)));
const two = (n: number) => String(n).padStart(2, '0');
function markText(value: number, isTime: boolean): string {
  if (!isTime || value < 6000) return `${Math.floor(value / 100)}.${two(value % 100)}`;
  return `${Math.floor(value / 6000)}:${two(Math.floor(value / 100) % 60)}.${two(value % 100)}`;
}
const better = (isTime: boolean, a: number, b: number) => (isTime ? a < b : a > b);

function groupsOf(total: number): Group[] {
  const perGroup = Math.floor(total / (DISCIPLINES.length * 2));
  const named = { men: 0, women: 0 };
  return DISCIPLINES.flatMap((discipline) =>
    (['men', 'women'] as const).map((sex) => {
      const [lo, hi] = discipline[sex];
      const first = FIRST[sex].split(', ');
      const athletes = Array.from({ length: perGroup }, () => {
        const i = named[sex]++;
        const ability = Math.round(lo + (hi - lo) * rand());
        return {
          name: `${first[i % first.length]} ${LAST[Math.floor(i / first.length) % LAST.length]}`,
          club: CLUBS[Math.floor(i / (first.length * LAST.length)) % CLUBS.length]!,
          gender: sex === 'men' ? ('M' as const) : ('F' as const),
          ability,
          past: Array.from({ length: historyCount }, () => near(ability)),
        };
      });
      return {
        discipline,
        sex,
        label: `${sex === 'men' ? "Men's" : "Women's"} ${discipline.name}`,
        isTime: discipline.track !== null,
        athletes,
      };
    }),
  );
}

/** The k-th event of the group in a meet: a heat on the track, a pool in the field. */
function eventOf(group: Group, k: number, rows: AthleteRow[]) {
  const { discipline } = group;
  const field = discipline.field !== null;
  return eventBody({
    eventName: field
      ? `${group.label} Pool ${String.fromCharCode(65 + k)}`
      : `${group.label} Heat ${k + 1}`,
    eventType: field ? 'JUMP' : 'ATHLETICS',
    trackDiscipline: discipline.track,
    fieldDiscipline: discipline.field,
    round: field ? 'finals' : 'heats',
    time: `${two(10 + Math.floor(k / 2))}:${k % 2 ? '30' : '00'}`,
    windSpeed: discipline.windy ? '+1.2' : null,
    status: 'official',
    resultsFileType: 'MANUAL',
    results: rows,
  });
}

/** A results list: ranked by mark, as a results table types it. */
function resultRows(
  group: Group,
  entries: { person: Person; mark: number }[],
  who: (person: Person) => { name: string; club: string | null },
): AthleteRow[] {
  return [...entries]
    .sort((a, b) => (better(group.isTime, a.mark, b.mark) ? -1 : 1))
    .map(({ person, mark }, i) =>
      athlete({
        ...who(person),
        gender: person.gender,
        rank: String(i + 1),
        bib: null,
        performance: markText(mark, group.isTime),
      }),
    );
}

/** The PB/=PB/SB each history athlete's new mark earns (shared/athletics/bests/flags.ts). */
function expectedFlag(group: Group, person: Person, mark: number, seasonPast: number[]) {
  const best = (list: number[]) =>
    list.reduce<number | null>(
      (held, v) => (held === null || better(group.isTime, v, held) ? v : held),
      null,
    );
  const pb = best(person.past);
  const sb = best(seasonPast);
  if (pb === null) return null;
  if (better(group.isTime, mark, pb)) return 'PB';
  if (mark === pb) return '=PB';
  if (sb === null || better(group.isTime, mark, sb)) return 'SB';
  return null;
}

// ---- The product -------------------------------------------------------------------------

/** POSTs an event with its results; the time from sending to the answer read. */
async function publish(admin: AdminClient, uic: number, body: unknown) {
  const started = performance.now();
  const res = await admin.fetch(`/api/admin/competitions/${uic}/events`, {
    method: 'POST',
    json: body,
  });
  const text = await res.text();
  const took = performance.now() - started;
  if (res.status !== 200) throw new Error(`event not published: ${res.status} ${text}`);
  return { id: (JSON.parse(text) as AdminEvent).id, ms: took };
}

async function newCompetition(admin: AdminClient, clubUic: number, date: string) {
  const { status, body } = await admin.json<AdminCompetition>('/api/admin/competitions', {
    method: 'POST',
    json: competitionBody(clubUic, { date }),
  });
  if (status !== 200 && status !== 201)
    throw new Error(`competition not made: ${status} ${JSON.stringify(body)}`);
  return body.uic;
}

// ---- The run -----------------------------------------------------------------------------

const HISTORY_DATES = ['2025-05-17', '2025-07-26', '2026-05-16', '2026-06-27', '2024-06-15'];
const MEET_DATE = '2026-08-22';
/** Rows per event of the new meet: each group runs one event of each size. */
const SIZES = [20, 30, 40, 50, 35];
const VARIANTS = ['history', 'new', 'nobody'] as const;
type Variant = (typeof VARIANTS)[number];
const LABELS: Record<Variant, string> = {
  history: `athletes with history`,
  new: 'athletes new to Rith',
  nobody: 'rows naming nobody',
};

if (historyCount < 1 || historyCount > HISTORY_DATES.length)
  throw new Error(`--history is 1 to ${HISTORY_DATES.length}`);
const historyDates = HISTORY_DATES.slice(0, historyCount).sort();
const thisSeason = historyDates.flatMap((d, i) => (d.startsWith(MEET_DATE.slice(0, 4)) ? [i] : []));

const groups = groupsOf(athleteCount);
const { url, admin, clubUic, close } = await productWithAdmin('bests');
try {
  const people = groups.reduce((n, g) => n + g.athletes.length, 0);

  // 1. History: every athlete in each past meet, in results lists of seedRows rows, two
  // lists at a time (disjoint athletes: one never waits on the other's).
  const seeding = performance.now();
  let historyEvents = 0;
  for (const [meet, date] of historyDates.entries()) {
    const uic = await newCompetition(admin, clubUic, date);
    const bodies = groups.flatMap((group) => {
      const lists: unknown[] = [];
      for (let at = 0, k = 0; at < group.athletes.length; at += seedRows, k++) {
        const entries = group.athletes
          .slice(at, at + seedRows)
          .map((person) => ({ person, mark: person.past[meet]! }));
        lists.push(
          eventOf(
            group,
            k,
            resultRows(group, entries, (p) => p),
          ),
        );
      }
      return lists;
    });
    historyEvents += bodies.length;
    const queue = [...bodies];
    await Promise.all(
      [0, 1].map(async () => {
        for (let body = queue.shift(); body; body = queue.shift()) await publish(admin, uic, body);
      }),
    );
  }
  const seedSeconds = (performance.now() - seeding) / 1000;

  // 2. The new meet: the same programme in three competitions, one per variant.
  interface Planned {
    group: Group;
    k: number;
    entries: { person: Person; mark: number }[];
  }
  const used = new Map<Group, number>();
  const programme: Planned[] = Array.from({ length: eventCount }, (_, e) => {
    const group = groups[e % groups.length]!;
    const k = Math.floor(e / groups.length);
    const size = Math.min(SIZES[k % SIZES.length]!, group.athletes.length);
    let from = used.get(group) ?? 0;
    if (from + size > group.athletes.length) from = 0;
    used.set(group, from + size);
    const entries = group.athletes
      .slice(from, from + size)
      .map((person) => ({ person, mark: near(person.ability) }));
    return { group, k, entries };
  });
  const competitions = {} as Record<Variant, number>;
  for (const variant of VARIANTS) {
    competitions[variant] = await newCompetition(admin, clubUic, MEET_DATE);
    // The same meeting records in each: about the 8th best mark of the group's day, so a few
    // marks break one (record codes need no history).
    const records = groups.flatMap((group) => {
      const marks = programme
        .filter((p) => p.group === group)
        .flatMap((p) => p.entries.map((e) => e.mark))
        .sort((a, b) => (better(group.isTime, a, b) ? -1 : 1));
      if (marks.length === 0) return [];
      return [
        {
          type: 'MR',
          eventName: group.label,
          gender: group.athletes[0]!.gender,
          mark: markText(marks[Math.min(7, marks.length - 1)]!, group.isTime),
          holder: 'Old Holder',
          date: '2019',
        },
      ];
    });
    const put = await admin.json<RecordList>(
      `/api/admin/competitions/${competitions[variant]}/records`,
      { method: 'PUT', json: { records } },
    );
    if (put.status !== 200) throw new Error(`records refused: ${JSON.stringify(put.body)}`);
  }
  const who: Record<Variant, (p: Person) => { name: string; club: string | null }> = {
    history: (p) => p,
    // Another club: another person to Rith (shared/athletes/person.ts), the same row otherwise.
    new: (p) => ({ name: p.name, club: `${p.club} B` }),
    nobody: () => ({ name: '', club: null }),
  };
  // Warm-up, not counted: the publish path's code compiled, in a meet of the same day (its
  // marks are no earlier than the new meet's, so they change no flag there).
  const warmUp = await newCompetition(admin, clubUic, MEET_DATE);
  for (const [i, p] of programme.slice(0, 12).entries()) {
    const variant = VARIANTS[i % VARIANTS.length]!;
    await publish(
      admin,
      warmUp,
      eventOf(p.group, p.k, resultRows(p.group, p.entries, who[variant])),
    );
  }

  const published: Record<Variant, { id: string; ms: number; rows: number }[]> = {
    history: [],
    new: [],
    nobody: [],
  };
  const measuring = performance.now();
  for (const [i, p] of programme.entries()) {
    // The variants' order turns with each event, so none is always first after a pause.
    for (let v = 0; v < VARIANTS.length; v++) {
      const variant = VARIANTS[(i + v) % VARIANTS.length]!;
      const rows = resultRows(p.group, p.entries, who[variant]);
      const done = await publish(admin, competitions[variant], eventOf(p.group, p.k, rows));
      published[variant].push({ ...done, rows: rows.length });
    }
  }
  const measureSeconds = (performance.now() - measuring) / 1000;

  // 3. Read back: the flags the product published, against what the marks say.
  const problems: string[] = [];
  const tally = (variant: Variant) => ({
    variant,
    rows: 0,
    athletes: 0,
    pb: 0,
    eqPb: 0,
    sb: 0,
    records: 0,
  });
  const tallies = Object.fromEntries(VARIANTS.map((v) => [v, tally(v)])) as Record<
    Variant,
    ReturnType<typeof tally>
  >;
  const expected = { pb: 0, eqPb: 0, sb: 0 };
  const recordFlagsOf = (row: AthleteRow) =>
    (row.flags ?? []).filter((f) => !['PB', '=PB', 'SB'].includes(f)).join(' ');
  for (const [i, p] of programme.entries()) {
    const expectedOf = new Map(
      p.entries.map(({ person, mark }) => [
        person.name + '|' + person.club,
        expectedFlag(
          p.group,
          person,
          mark,
          thisSeason.map((m) => person.past[m]!),
        ),
      ]),
    );
    const records: Partial<Record<Variant, string[]>> = {};
    for (const variant of VARIANTS) {
      const { id } = published[variant][i]!;
      const res = await fetch(`${url}/api/events/${id}`);
      if (!res.ok) throw new Error(`GET /api/events/${id}: ${res.status}`);
      const event = (await res.json()) as PublicEvent;
      const t = tallies[variant];
      records[variant] = event.results.map(recordFlagsOf);
      for (const row of event.results) {
        const flags = row.flags ?? [];
        t.rows += 1;
        if (row.athleteId) t.athletes += 1;
        if (flags.includes('PB')) t.pb += 1;
        if (flags.includes('=PB')) t.eqPb += 1;
        if (flags.includes('SB')) t.sb += 1;
        if (recordFlagsOf(row) !== '') t.records += 1;
        const personal = flags.find((f) => ['PB', '=PB', 'SB'].includes(f)) ?? null;
        const where = `${LABELS[variant]}, ${event.eventName}, ${row.name || `rank ${row.rank}`}`;
        if (variant === 'history') {
          const want = expectedOf.get(`${row.name}|${row.club}`);
          if (want === undefined) problems.push(`${where}: not an athlete sent`);
          else if (want !== personal) problems.push(`${where}: ${personal} where ${want} was due`);
        } else if (personal !== null) {
          problems.push(`${where}: ${personal} with no history`);
        }
        if ((variant === 'nobody') !== !row.athleteId)
          problems.push(`${where}: athlete id ${row.athleteId ?? 'missing'}`);
        if (variant === 'nobody' && flags.length > 0)
          problems.push(`${where}: flags ${flags.join(' ')} on a row naming nobody`);
      }
    }
    if (JSON.stringify(records.history) !== JSON.stringify(records.new))
      problems.push(`${p.group.label} ${p.k + 1}: record codes differ between history and new`);
    for (const want of expectedOf.values()) {
      if (want === 'PB') expected.pb += 1;
      if (want === '=PB') expected.eqPb += 1;
      if (want === 'SB') expected.sb += 1;
    }
  }
  const h = tallies.history;
  if (h.pb === 0 || h.sb === 0) problems.push('no PB or no SB flagged at all');
  if (h.records === 0) problems.push('no record code flagged at all');

  // Figures.
  const latency = (variant: Variant, rows?: number) =>
    sortedOf(
      published[variant].filter((e) => rows === undefined || e.rows === rows).map((e) => e.ms),
    );
  const totalRows = published.history.reduce((n, e) => n + e.rows, 0);
  const totalMs = (variant: Variant) => published[variant].reduce((n, e) => n + e.ms, 0);
  const perRow = (a: Variant, b: Variant) =>
    sortedOf(published[a].map((e, i) => (e.ms - published[b][i]!.ms) / e.rows));
  const overBests = perRow('history', 'nobody');
  const overHistory = perRow('history', 'new');
  const sizes = [...new Set(published.history.map((e) => e.rows))].sort((a, b) => a - b);
  const line = (label: string, sorted: number[]) =>
    `${label.padEnd(26)} p50 ${ms(quantile(sorted, 0.5)).padStart(9)}   p95 ${ms(quantile(sorted, 0.95)).padStart(9)}`;
  const forty = sizes.includes(40) ? 40 : sizes[Math.floor(sizes.length / 2)]!;
  /** Least squares over the sizes' p50s: the cost of one more row, and of an event of none. */
  const fit = (variant: Variant) => {
    const points = sizes.map((n) => [n, quantile(latency(variant, n), 0.5)] as const);
    const mx = points.reduce((a, [x]) => a + x, 0) / points.length;
    const my = points.reduce((a, [, y]) => a + y, 0) / points.length;
    const slope =
      points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) /
      Math.max(
        1e-9,
        points.reduce((a, [x]) => a + (x - mx) ** 2, 0),
      );
    return { slope, intercept: my - slope * mx };
  };
  const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;

  console.log(`
  bench:bests  npm start in production mode on PostgreSQL and Redis, ${os.cpus().length} cores
  history: ${count(people)} athletes (${groups.length} events, men and women) × ${historyCount} results (meets of ${historyDates.join(', ')}),
           ${count(people * historyCount)} results published through the API in ${historyEvents} events of up to ${seedRows} rows in ${seedSeconds.toFixed(1)} s
  the new meet (${MEET_DATE}): ${programme.length} events of ${Math.min(...sizes)}-${Math.max(...sizes)} rows (${count(totalRows)} results), each POSTed as official results,
           one at a time, ${VARIANTS.length} variants interleaved (${measureSeconds.toFixed(1)} s)
  per-event publish latency (POST sent -> answer read), all ${programme.length} events:
    ${VARIANTS.map((v) => line(LABELS[v], latency(v))).join('\n    ')}
  by rows per event (p50 / p95):
    ${sizes
      .map(
        (n) =>
          `${String(n).padStart(2)} rows: ${VARIANTS.map((v) => {
            const sorted = latency(v, n);
            return `${v} ${ms(quantile(sorted, 0.5))} / ${ms(quantile(sorted, 0.95))}`;
          }).join('   ')}`,
      )
      .join('\n    ')}
  per extra row (least squares over the p50s by size): ${VARIANTS.map((v) => `${v} ${ms(fit(v).slope)} (${fit(v).intercept >= 0 ? '+' : ''}${ms(fit(v).intercept)} an event)`).join('   ')}
  total / rows: ${VARIANTS.map((v) => `${v} ${ms(totalMs(v) / totalRows)}`).join('   ')} per result
  cost per result, paired event by event (difference / rows):
    bests (athlete, flags, marks kept; history - nobody):  p50 ${ms(quantile(overBests, 0.5))}   p95 ${ms(quantile(overBests, 0.95))}   total ${ms((totalMs('history') - totalMs('nobody')) / totalRows)}
    reading ${count(people)} athletes' history (history - new):        p50 ${ms(quantile(overHistory, 0.5))}   p95 ${ms(quantile(overHistory, 0.95))}   total ${ms((totalMs('history') - totalMs('new')) / totalRows)}
  flags: ${ms(quantile(overBests, 0.5))} per result (p50); an event of ${forty} rows published in ${ms(quantile(latency('history', forty), 0.5))} p50 / ${ms(quantile(latency('history', forty), 0.95))} p95 (no bests work: ${ms(quantile(latency('nobody', forty), 0.5))} p50)
  flags read back (GET /api/events/{id}):
    ${VARIANTS.map(
      (v) =>
        `${LABELS[v].padEnd(22)} ${count(tallies[v].rows)} rows, ${count(tallies[v].athletes)} with an athlete; PB ${tallies[v].pb}, =PB ${tallies[v].eqPb}, SB ${tallies[v].sb}, a record code ${tallies[v].records}`,
    ).join('\n    ')}
    due from the marks sent (history): PB ${expected.pb} (${pct(expected.pb, totalRows)}), =PB ${expected.eqPb}, SB ${expected.sb} (${pct(expected.sb, totalRows)})
    ${problems.length === 0 ? 'every row as due' : `${problems.length} rows NOT as due, first: ${problems.slice(0, 5).join('; ')}`}
`);
  if (problems.length > 0) process.exitCode = 1;
} finally {
  await close();
}
