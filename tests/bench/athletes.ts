// npm run bench:athletes -- [embedded] [postgres] [--duration 10] [--connections 10] [--cold 10] [--scale 1]
//
// The athlete search, GET /api/competitions/{uic}/athletes, on a meet of about 150 events and
// over 3,000 start-list entries (a juvenile championships: combined heat sheets of 8 lanes,
// finals, distance races, field events of 12-16, results on about half); `--scale N` enters
// it N times over (N × 150 events, N × 3,000 entries). Printed, no limits:
//  - the first search after a change: each repetition changes one event through the product's
//    updateEvent (the bus drops the node's index) and times one search, which builds the index
//    from the database again; /metrics confirms each was a cache miss;
//  - warm searches under autocannon: one letter (nearly everyone matches), a surname prefix, a
//    bib, a club (more than the 50 an answer lists) and a device's 20 followed athletes. Each
//    request comes from an address of its own (X-Forwarded-For, the node trusting one proxy):
//    the searches of one address are rate-limited, and this measures what a search costs;
//  - the node's memory (after a full GC) before and after the index is first built.
// The meet is written by this process with the test factory, then the real app runs as an API
// node in a process of its own (tests/support/nodeProcess.ts) and autocannon runs here. Modes:
// embedded (PGlite in a temporary directory) always unless named; postgres when DATABASE_URL
// is set (a fresh database of its own, dropped afterwards). No REDIS_URL is passed on: with the
// in-process bus the change has dropped the index by the time updateEvent answers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Request } from 'autocannon';
import { connectDatabase, type Db } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { ensurePricePlans } from '../../server/pricing/plans.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { athleteKey } from '../../shared/athletes/identity.ts';
import { trackDisciplineByMetres, type FieldDiscipline } from '../../shared/domain.ts';
import {
  MAX_SEARCH_RESULTS,
  type AthleteSearchResult,
} from '../../shared/schemas/athleteSearch.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';
import { NodeProcess } from '../support/nodeProcess.ts';
import { freshDatabase } from './product.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    cold: { type: 'string', default: '10' },
    scale: { type: 'string', default: '1' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const coldRepetitions = Number(values.cold);
const scale = Number(values.scale);
type Mode = 'embedded' | 'postgres';
const modes: Mode[] =
  positionals.length > 0
    ? positionals.map((m) => {
        if (m !== 'embedded' && m !== 'postgres') throw new Error(`Unknown mode ${m}`);
        return m;
      })
    : process.env.DATABASE_URL
      ? ['embedded', 'postgres']
      : ['embedded'];
if (modes.includes('postgres') && !process.env.DATABASE_URL) {
  console.error('The postgres mode needs DATABASE_URL.');
  process.exit(2);
}
const WARM_UP_S = 1;
const FOLLOWED = 20;

// ---- The meet ---------------------------------------------------------------------------

/** Deterministic, so every run searches the same meet. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SEED = 20_250_614;
let rand = random(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const names = (list: string) => list.split(', ');
const FIRST = {
  girls: names(
    'Siobhán, Aoife, Saoirse, Niamh, Ciara, Éabha, Órla, Caoimhe, Róisín, Sadhbh, Aoibhinn, Clíodhna, Méabh, Gráinne, Zofia, Małgorzata, Agnieszka, Chloé, Inès, Zoë, Ngozi, María José, Freya, Emma, Sophie, Hannah, Kate, Rachel, Sarah, Ellen',
  ),
  boys: names(
    'Łukasz, Oisín, Cian, Darragh, Eoin, Seán, Ciarán, Pádraig, Tadhg, Rónán, Colm, Fionn, Dónal, Michał, Paweł, Wojciech, Jakub, José, André, Jérôme, Søren, Kwame, Oluwaseun, Conor, Jack, James, Luke, Adam, Daniel, Mark',
  ),
};
/** Irish-language and Polish surnames take the athlete's gender; the rest are shared. */
const LAST = {
  girls: names(
    'Ní Bhriain, Nic Aodha, Ní Shúilleabháin, Ní Cheallaigh, Ní Mhurchú, Nowak, Kowalska, Wiśniewska, Wójcik, Dąbrowska, Lewandowska',
  ),
  boys: names(
    'Ó Briain, Mac Aodha, Ó Súilleabháin, Ó Ceallaigh, Ó Murchú, Nowák, Kowalski, Wiśniewski, Wójcik, Dąbrowski, Lewandowski',
  ),
  shared: names(
    "Murphy, Kelly, O'Sullivan, Walsh, Byrne, Ryan, O'Brien, Doyle, McCarthy, Fitzgerald, de Búrca, Mac Giolla Phádraig, Müller, Sørensen, Dubois, Lefèvre, García, Martínez, Okafor, Adeyemi, Nguyễn, Kavanagh, Brennan, Gallagher, Ó Gríofa, Duffy, Moran, Quinn",
  ),
};
const CLUBS = names(
  "Clonliffe Harriers, Dundrum South Dublin AC, Leevale AC, Ferrybank AC, Raheny Shamrock AC, Lucan Harriers, Tullamore Harriers, Mullingar Harriers, Galway City Harriers, Donore Harriers, Crusaders AC, Sligo AC, Carrick-on-Shannon AC, St. L. O'Toole AC, Bandon AC, Emerald AC, West Waterford AC, City of Lisburn AC, Annalee AC, Táin AC, Mohill AC, Ennis Track AC, Athenry AC, Clonmel AC, Naas AC, Dunleer AC, Ballymena & Antrim AC, North Down AC, Letterkenny AC, Finn Valley AC, Cill Dara AC, Na Fianna AC",
);

interface Entrant {
  name: string;
  bib: string;
  club: string;
  category: string;
}

let nextBib = 101;
/** The names the lead athlete of each gender always has, so a run can be checked by eye. */
const FIXED = { girls: 'Siobhán Ní Bhriain', boys: 'Łukasz Nowák' };
const fixedGiven = new Set<string>();
/** New athletes of a group; surnames a quarter Irish-language, a sixth Polish (by gender). */
function entrants(count: number, gender: 'girls' | 'boys', category: string): Entrant[] {
  return Array.from({ length: count }, () => {
    const roll = rand();
    const last = pick(
      roll < 0.25 ? LAST[gender].slice(0, 5) : roll < 0.4 ? LAST[gender].slice(5) : LAST.shared,
    );
    const name = fixedGiven.has(gender) ? `${pick(FIRST[gender])} ${last}` : FIXED[gender];
    fixedGiven.add(gender);
    return { name, bib: String(nextBib++), club: pick(CLUBS), category };
  });
}

type Kind = 'sprint' | 'hurdles' | 'middle' | 'distance' | 'jumps' | 'throws';
/** A mark's base and spread: seconds for races, metres for field events. */
const MARKS: Record<Kind, [number, number]> = {
  sprint: [11.8, 2.5],
  hurdles: [12.5, 3],
  middle: [125, 25],
  distance: [280, 80],
  jumps: [4, 1.8],
  throws: [9, 14],
};

interface Planned {
  name: string;
  kind: Kind;
  /** Metres of a race, or a field event's discipline. */
  discipline: number | FieldDiscipline;
  round: 'heats' | 'finals';
  /** This sheet's heat of `heatCount`; null when one sheet holds them all, 8 lanes each. */
  heat: number | null;
  heatCount: number;
  athletes: Entrant[];
  /** A final: the heats' fastest 8 once those have results. */
  finalOf?: Planned;
  time: string;
  startList: AthleteRow[];
  results: AthleteRow[];
}

const isField = (p: Planned) => typeof p.discipline === 'string';
const laned = (p: Planned) => p.kind === 'sprint' || p.kind === 'hurdles';

function mark(kind: Kind): { text: string; value: number } {
  const [base, spread] = MARKS[kind];
  const value = base + rand() * spread;
  if (kind === 'jumps' || kind === 'throws') return { text: value.toFixed(2), value: -value };
  if (value < 60) return { text: value.toFixed(2), value };
  const s = value % 60;
  return { text: `${Math.floor(value / 60)}:${s < 10 ? '0' : ''}${s.toFixed(2)}`, value };
}

/** Twelve age groups of twelve events each, then six open and masters distance races. */
function plan(): Planned[] {
  const planned: Planned[] = [];
  const add = (p: Omit<Planned, 'time' | 'startList' | 'results'>) => {
    const full = { ...p, time: '', startList: [], results: [] };
    planned.push(full);
    return full;
  };
  const one = { round: 'finals', heat: null, heatCount: 1 } as const;
  for (const age of ['U13', 'U14', 'U15', 'U16', 'U17', 'U18']) {
    for (const gender of ['girls', 'boys'] as const) {
      const group = `${age} ${gender === 'girls' ? 'Girls' : 'Boys'}`;
      const [sprint, hurdles, distance, jumps, throws] = [80, 16, 26, 24, 20].map((n) =>
        entrants(n, gender, group),
      ) as [Entrant[], Entrant[], Entrant[], Entrant[], Entrant[]];
      const heats = (metres: number, count: number, athletes: Entrant[]) =>
        add({
          name: `${metres}m ${group} Heats`,
          kind: 'sprint',
          discipline: metres,
          round: 'heats',
          heat: null,
          heatCount: count,
          athletes,
        });
      const h100 = heats(100, 8, sprint.slice(0, 64));
      const h200 = heats(200, 6, sprint.slice(32, 80));
      for (const [metres, finalOf] of [
        [100, h100],
        [200, h200],
      ] as const) {
        add({
          name: `${metres}m ${group} Final`,
          kind: 'sprint',
          discipline: metres,
          ...one,
          athletes: [],
          finalOf,
        });
      }
      for (const heat of [1, 2]) {
        const athletes = hurdles.slice((heat - 1) * 8, heat * 8);
        add({
          name: `80m Hurdles ${group} Heat ${heat}`,
          kind: 'hurdles',
          discipline: 80,
          round: 'heats',
          heat,
          heatCount: 2,
          athletes,
        });
      }
      add({
        name: `800m ${group}`,
        kind: 'middle',
        discipline: 800,
        ...one,
        athletes: distance.slice(0, 16),
      });
      add({
        name: `1500m ${group}`,
        kind: 'middle',
        discipline: 1500,
        ...one,
        athletes: distance.slice(8, 26),
      });
      const field = (name: string, discipline: FieldDiscipline, kind: Kind, athletes: Entrant[]) =>
        add({ name: `${name} ${group}`, kind, discipline, ...one, athletes });
      field('Long Jump', 'LONG_JUMP', 'jumps', [...jumps.slice(0, 10), ...hurdles.slice(0, 6)]);
      field('High Jump', 'HIGH_JUMP', 'jumps', jumps.slice(10, 24));
      field('Shot Put', 'SHOT_PUT', 'throws', throws.slice(0, 14));
      if (gender === 'girls') field('Javelin', 'JAVELIN_THROW', 'throws', throws.slice(6, 20));
      else field('Discus', 'DISCUS_THROW', 'throws', throws.slice(6, 20));
    }
  }
  for (const [group, metres, size, gender] of [
    ['Senior Women', 3000, 30, 'girls'],
    ['Senior Men', 3000, 32, 'boys'],
    ['Masters Women', 5000, 34, 'girls'],
    ['Masters Men', 5000, 36, 'boys'],
    ['Open Women', 1609, 24, 'girls'],
    ['Open Men', 1609, 24, 'boys'],
  ] as const) {
    const name = metres === 1609 ? `Mile ${group}` : `${metres}m ${group}`;
    add({
      name,
      kind: 'distance',
      discipline: metres,
      ...one,
      athletes: entrants(size, gender, group),
    });
  }
  return planned;
}

/** Races every 5 minutes from 09:30, heats before finals; field events in four pits of 45. */
function timetable(planned: Planned[]): void {
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const races = planned.filter((p) => !isField(p));
  [
    ...races.filter((p) => p.round === 'heats'),
    ...races.filter((p) => p.round === 'finals'),
  ].forEach((p, i) => (p.time = clock(9 * 60 + 30 + i * 5)));
  planned.filter(isField).forEach((p, i) => (p.time = clock(9 * 60 + 30 + Math.floor(i / 4) * 45)));
}

/** What is over by 13:45 has results; a final's start list is its heats' fastest 8. */
const DONE_BY = '13:45';

function fill(planned: Planned[]): void {
  const row = (p: Planned, e: Entrant, i: number, extra: Partial<AthleteRow> = {}) =>
    athlete({
      name: e.name,
      bib: e.bib,
      club: e.club,
      category: e.category,
      lane: laned(p) ? String((i % 8) + 1) : null,
      heat: p.heat === null && p.heatCount > 1 ? Math.floor(i / 8) + 1 : null,
      ...extra,
    });
  const ranked = new Map<Planned, Entrant[]>();
  for (const p of [...planned].sort((a, b) => a.time.localeCompare(b.time))) {
    if (p.finalOf) p.athletes = (ranked.get(p.finalOf) ?? p.finalOf.athletes).slice(0, 8);
    p.startList = p.athletes.map((e, i) => row(p, e, i));
    if (p.time >= DONE_BY) continue;
    const marks = p.athletes
      .map((e, i) => ({ e, i, ...mark(p.kind) }))
      .sort((a, b) => a.value - b.value);
    ranked.set(
      p,
      marks.map((m) => m.e),
    );
    // One field event in three comes from a hand-written sheet: no bibs, name and club only.
    const handWritten = isField(p) && planned.indexOf(p) % 3 === 0;
    p.results = marks.map((m, rank) =>
      row(p, m.e, m.i, {
        rank: String(rank + 1),
        performance: m.text,
        ...(handWritten ? { bib: null } : {}),
      }),
    );
  }
}

/** The columns of a planned event, as the factory writes them. */
function columnsOf(p: Planned, index: number) {
  const done = p.results.length > 0;
  return {
    eventName: p.name,
    eventType: isField(p) ? ('JUMP' as const) : ('ATHLETICS' as const),
    trackDiscipline: isField(p) ? null : (trackDisciplineByMetres[p.discipline] ?? 'CUSTOM'),
    fieldDiscipline: isField(p) ? (p.discipline as FieldDiscipline) : null,
    round: p.round,
    heat: p.heat,
    heatCount: p.heatCount,
    time: p.time,
    status: !done
      ? ('upcoming' as const)
      : index % 7 === 0
        ? ('unofficial' as const)
        : ('official' as const),
    resultsAt: done ? `${p.time}:00` : null,
    windSpeed: done && p.kind === 'sprint' ? '+0.8' : null,
    startListFile: p.startList,
    results: p.results,
  };
}

interface Meet {
  competitionUic: number;
  /** A one-event meet, searched first so the route's code is warm before memory is read. */
  tinyUic: number;
  changeIds: string[];
  keys: string[];
  events: number;
  withResults: number;
  entries: number;
  resultRows: number;
  athletes: number;
}

async function seed(db: Db): Promise<Meet> {
  rand = random(SEED);
  nextBib = 101;
  fixedGiven.clear();
  const planned = Array.from({ length: scale }, () => {
    const copy = plan();
    timetable(copy);
    fill(copy);
    return copy;
  }).flat();
  const club = await createClub(db, {
    clubName: 'Athletics Ireland Juvenile',
    urlName: 'bench-athletes',
  });
  const competition = await createCompetition(db, club.uic, {
    competitionName: 'Bench Juvenile Championships',
    urlName: 'bench-juvenile',
    liveNow: true,
  });
  const ids: string[] = [];
  for (const [i, p] of planned.entries()) {
    ids.push((await createEvent(db, competition.uic, columnsOf(p, i))).id);
  }
  const tiny = await createCompetition(db, club.uic, {
    competitionName: 'Bench Warm-up',
    urlName: 'bench-warm-up',
  });
  await createEvent(db, tiny.uic, {
    startListFile: [athlete({ name: 'Warm Up', bib: '1', club: 'Bench AC' })],
  });
  const everyone = new Map(planned.flatMap((p) => p.athletes).map((e) => [e.bib, e]));
  const spread = [...everyone.values()].filter(
    (_, i) => i % Math.floor(everyone.size / FOLLOWED) === 0,
  );
  return {
    competitionUic: competition.uic,
    tinyUic: tiny.uic,
    // The afternoon's events: what the timing room is changing as the search is used.
    changeIds: ids.filter((_, i) => planned[i]!.time >= DONE_BY),
    keys: spread.slice(0, FOLLOWED).map((e) => athleteKey(e)),
    events: planned.length,
    withResults: planned.filter((p) => p.results.length > 0).length,
    entries: planned.reduce((n, p) => n + p.startList.length, 0),
    resultRows: planned.reduce((n, p) => n + p.results.length, 0),
    athletes: everyone.size,
  };
}

// ---- The run ----------------------------------------------------------------------------

interface Answer {
  ms: number;
  bytes: number;
  body: AthleteSearchResult;
}

async function search(url: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${text}`);
  return { ms, bytes: Buffer.byteLength(text), body: JSON.parse(text) as AthleteSearchResult };
}

/** The node's public cache misses so far (/metrics answers this machine), or null. */
async function cacheMisses(base: string): Promise<number | null> {
  const response = await fetch(`${base}/metrics`);
  if (!response.ok) return null;
  const found = /rith_public_cache_requests_total\{result="miss"\} (\d+)/.exec(
    await response.text(),
  );
  return found ? Number(found[1]) : null;
}

async function memory(node: NodeProcess): Promise<NodeJS.MemoryUsage> {
  const { value } = await node.request<NodeJS.MemoryUsage[]>({ op: 'memory' });
  return value[0]!;
}

/** Each request from an address of its own (10.0.0.0/8), past the per-address rate limit. */
let sent = 0;
const fromEveryAddress = [
  {
    setupRequest: (request: Request): Request => {
      sent += 1;
      const address = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
      return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
    },
  },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function runMode(mode: Mode): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-bench-athletes-'));
  const database = mode === 'postgres' ? await freshDatabase('athletes') : undefined;
  let node: NodeProcess | undefined;
  try {
    const seedStarted = performance.now();
    const handle = await connectDatabase(
      database
        ? { kind: 'postgres', url: database.url }
        : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    );
    let meet: Meet;
    try {
      await migrateToLatest(handle.db);
      await ensurePricePlans(handle.db);
      meet = await seed(handle.db);
    } finally {
      await handle.close();
    }
    const seedMs = performance.now() - seedStarted;
    node = await NodeProcess.start({
      ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
      TRUST_PROXY: '1',
    });
    const base = node.url;
    const athletesUrl = (query: string) =>
      `${base}/api/competitions/${meet.competitionUic}/athletes?${query}`;

    console.log(
      `\n  bench:athletes  ${mode}, ${os.cpus().length} cores shared by the API node and autocannon ` +
        `(figures indicative: other work may share them)`,
    );
    console.log(
      `  meet: ${meet.events} events (${meet.withResults} with results), ${meet.entries} start-list ` +
        `entries, ${meet.resultRows} result rows, ${meet.athletes} distinct athletes; ` +
        `written in ${(seedMs / 1000).toFixed(1)} s`,
    );

    // Memory: the route's code warmed on a one-event meet first, so the difference is the index.
    for (let i = 0; i < 3; i += 1)
      await search(`${base}/api/competitions/${meet.tinyUic}/athletes?q=warm`);
    await cacheMisses(base);
    const before = await memory(node);
    const first = await search(athletesUrl('q=ni%20bh'));
    const after = await memory(node);
    const second = await search(athletesUrl('q=ni%20bh'));
    console.log(
      `  first search in a fresh node: ${ms(first.ms)} (index built; code not yet optimised), ` +
        `the next one ${ms(second.ms)}`,
    );
    console.log(
      `  index memory (after a full GC): heap +${mb(after.heapUsed - before.heapUsed)}, ` +
        `RSS +${mb(after.rss - before.rss)} (${mb(before.rss)} → ${mb(after.rss)}); ` +
        `the cache charges it 600 B a row: ${mb(600 * (meet.entries + meet.resultRows + meet.events))}`,
    );

    // Cold: each change drops the index; the search after it reads and indexes the meet again.
    const cold: number[] = [];
    let missed = 0;
    let checked = 0;
    for (let i = 0; i < coldRepetitions; i += 1) {
      const eventId = meet.changeIds[i % meet.changeIds.length]!;
      await node.request({
        op: 'updateEvent',
        eventId,
        fields: { windSpeed: `+${(i % 20) / 10}` },
      });
      const missesBefore = await cacheMisses(base);
      cold.push((await search(athletesUrl('q=ni%20bh'))).ms);
      const missesAfter = await cacheMisses(base);
      if (missesBefore !== null && missesAfter !== null) {
        checked += 1;
        if (missesAfter > missesBefore) missed += 1;
      }
    }
    const warmOne = await search(athletesUrl('q=ni%20bh'));
    console.log(
      `  first search after a change (updateEvent, then one GET), ${coldRepetitions} times: ` +
        `median ${ms(median(cold))}, min ${ms(Math.min(...cold))}, max ${ms(Math.max(...cold))}; ` +
        `${checked > 0 ? `${missed} of ${checked} were cache misses` : 'cache misses not checked (no /metrics)'}; ` +
        `one warm GET after: ${ms(warmOne.ms)}`,
    );

    const followed = meet.keys.map((k) => `key=${encodeURIComponent(k)}`).join('&');
    const targets = [
      { name: 'q=a (one letter)', query: 'q=a' },
      { name: 'q=ni bh (surname prefix)', query: 'q=ni%20bh' },
      { name: 'q=204 (bib)', query: 'q=204' },
      { name: 'q=harriers (club)', query: 'q=harriers' },
      { name: `key= ×${meet.keys.length} (followed)`, query: followed },
    ];
    console.log(
      `  warm, autocannon ${connections} connections, ${duration} s each (after ${WARM_UP_S} s warm-up), ` +
        `identity encoding; an answer lists at most ${MAX_SEARCH_RESULTS} of a search's matches`,
    );
    console.log(
      `  ${'query'.padEnd(28)} ${'matched'.padStart(7)} ${'listed'.padStart(6)} ${'req/s'.padStart(7)} ` +
        `${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'body B'.padStart(7)} ${'resp B'.padStart(7)}  statuses`,
    );
    for (const target of targets) {
      const url = athletesUrl(target.query);
      const one = await search(url);
      await autocannon({ url, connections, duration: WARM_UP_S, requests: fromEveryAddress });
      const result = await autocannon({ url, connections, duration, requests: fromEveryAddress });
      const statuses = Object.entries(result.statusCodeStats)
        .map(([status, { count }]) => `${status}×${count}`)
        .join(' ');
      const failures = result.errors + result.timeouts;
      const rps = result.requests.average;
      console.log(
        `  ${target.name.padEnd(28)} ${String(one.body.total).padStart(7)} ` +
          `${String(one.body.athletes.length).padStart(6)} ${rps.toFixed(0).padStart(7)} ` +
          `${`${result.latency.p50}ms`.padStart(6)} ${`${result.latency.p99}ms`.padStart(6)} ` +
          `${String(one.bytes).padStart(7)} ${(rps > 0 ? result.throughput.average / rps : 0).toFixed(0).padStart(7)}  ` +
          `${statuses}${failures > 0 ? ` errors×${failures}` : ''}`,
      );
    }
  } finally {
    await node?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const mode of modes) await runMode(mode);
