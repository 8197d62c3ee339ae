import { afterEach, describe, expect, it, vi } from 'vitest';
import { foldBib, foldText } from '../../shared/athletes/identity.ts';
import type * as Identity from '../../shared/athletes/identity.ts';
import { athleteRow } from '../../server/parsers/athleteRow.ts';
import { MAX_SEARCH_RESULTS } from '../../shared/schemas/athleteSearch.ts';
import { indexAthletes, type IndexedAthlete } from '../../server/athletes/index.ts';
import { searchAthletes } from '../../server/athletes/search.ts';
import { eventRows } from '../support/athleteEvents.ts';

// foldText as the index reaches it, counted: what a build spent its time on.
vi.mock('../../shared/athletes/identity.ts', async (original) => {
  const identity = await original<typeof Identity>();
  return { ...identity, foldText: vi.fn(identity.foldText) };
});
afterEach(() => vi.mocked(foldText).mockClear());

const FIRST = ['Siobhán', 'Aoife', 'Niamh', 'Łukasz', 'Oisín', 'Seán', 'Zofia', 'Chloé', 'Cian'];
const LAST = ['Ní Bhriain', 'Nowák', "O'Brien", 'Walsh', 'Müller', 'Okafor', 'Kelly', 'Duffy'];
const CLUBS = ['Clonliffe Harriers', 'Leevale AC', 'Tuam AC', 'Sligo AC', 'Táin AC'];

/** A meet of `events` events of 20 rows, `athletes` athletes, the same for the same arguments. */
function meet(events: number, athletes: number, salt = '') {
  const person = (i: number) => ({
    name: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${i}${salt}`,
    // Every tenth row without a bib: a hand-written sheet, matched by name and club.
    bib: String(100 + i),
    club: CLUBS[(i * 3) % CLUBS.length] ?? null,
  });
  return Array.from({ length: events }, (_, e) =>
    eventRows(`e${e}`, {
      startListFile: Array.from({ length: 20 }, (_, r) => {
        const who = person((e * 20 + r * 13) % athletes);
        return athleteRow({ id: `${e}-${r}`, ...who, bib: r % 10 === 0 ? null : who.bib });
      }),
    }),
  );
}

/** What the search answers, worked out the slow way: every match, sorted. */
function reference(index: readonly IndexedAthlete[], q: string): IndexedAthlete[] {
  const words = foldText(q).split(' ').filter(Boolean);
  const bib = /^[\p{L}\p{N}]+$/u.test(foldBib(q)) ? foldBib(q) : '';
  const start = words.join(' ');
  const rank = (a: IndexedAthlete) =>
    bib !== '' && a.bib === bib
      ? 0
      : !words.length || !words.every((w) => a.text.includes(w))
        ? null
        : a.text.startsWith(start) || a.text.includes(` ${start}`)
          ? 1
          : 2;
  return index
    .map((a) => ({ a, r: rank(a) }))
    .filter((m): m is { a: IndexedAthlete; r: number } => m.r !== null)
    .sort((x, y) => x.r - y.r || (x.a.text < y.a.text ? -1 : x.a.text > y.a.text ? 1 : 0))
    .map((m) => m.a);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

describe('athlete search cost', () => {
  const index = indexAthletes(meet(1_000, 10_000));

  it('lists the best of every rank first, by name, as sorting every match would', () => {
    const search = (q: string) => searchAthletes(index, { q, key: [], club: [] });
    for (const q of ['a', 'n', 'ni', 'ni bh', 'walsh', 'sean o', 'tuam', '204', '1', 'zz', '-']) {
      const found = reference(index, q);
      const answer = search(q);
      expect(answer.total, q).toBe(found.length);
      expect(answer.athletes, q).toEqual(found.slice(0, MAX_SEARCH_RESULTS));
    }
    expect(search('204').athletes[0]?.entry.bib).toBe('204');
  });

  it('costs about the same whatever is typed: one letter as much as a name matching nobody', () => {
    const time = (q: string) => {
      const started = performance.now();
      searchAthletes(index, { q, key: [], club: [] });
      return performance.now() - started;
    };
    const oneLetter: number[] = [];
    const nobody: number[] = [];
    // Interleaved, so whatever else the machine does weighs on both alike.
    for (let i = 0; i < 21; i += 1) {
      oneLetter.push(time('a'));
      nobody.push(time('zzzz'));
    }
    expect(searchAthletes(index, { q: 'a', key: [], club: [] }).total).toBeGreaterThan(9_000);
    expect(median(oneLetter)).toBeLessThan(4 * median(nobody) + 1);
  });

  it('folds again, when an event changes, only the names and clubs it did not know', () => {
    const events = meet(200, 2_000);
    indexAthletes(events);
    vi.mocked(foldText).mockClear();
    // Read again from the database after a change: new objects, one event with new athletes.
    const changed = structuredClone(events);
    changed[7] = { ...eventRows('e7'), startListFile: meet(1, 20, ' Jr')[0]?.startListFile ?? [] };
    const rebuilt = indexAthletes(changed);
    expect(rebuilt.some((a) => a.entry.name.endsWith(' Jr'))).toBe(true);
    // Each new athlete's name; their clubs are known.
    expect(vi.mocked(foldText).mock.calls.length).toBeLessThanOrEqual(20);
  });
});
