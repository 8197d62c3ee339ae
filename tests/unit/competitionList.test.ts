import { describe, expect, it } from 'vitest';
import {
  COMPETITIONS_PAGE_SIZE,
  competitionBackPath,
  competitionRegisterPath,
  competitionResultsPath,
  formatCompetitionDate,
  isPastCompetition,
  localIsoDate,
  paginate,
  pagerItems,
  readIsoDate,
  splitCompetitions,
  type ListedCompetition,
} from '../../shared/competitionList.ts';

function competition(
  uic: number,
  date: string | null,
  extra: Partial<ListedCompetition> = {},
): ListedCompetition {
  return {
    uic,
    clubUic: 1,
    competitionName: `Meet ${uic}`,
    urlName: `meet-${uic}`,
    visible: true,
    date,
    startTime: null,
    ...extra,
  };
}

const uics = (list: ListedCompetition[]) => list.map((c) => c.uic);
const TODAY = '2026-03-14';

describe('isPastCompetition', () => {
  it('is past only when the date is before today', () => {
    expect(isPastCompetition('2026-03-13', TODAY)).toBe(true);
    expect(isPastCompetition('2025-12-31', TODAY)).toBe(true);
    expect(isPastCompetition('2026-03-14', TODAY)).toBe(false);
    expect(isPastCompetition('2026-03-15', TODAY)).toBe(false);
  });

  it('treats a missing or unreadable date as not past', () => {
    expect(isPastCompetition(null, TODAY)).toBe(false);
    expect(isPastCompetition('', TODAY)).toBe(false);
    expect(isPastCompetition('next spring', TODAY)).toBe(false);
    expect(isPastCompetition('2020-02-30', TODAY)).toBe(false);
  });

  it('reads a date with a time part', () => {
    expect(isPastCompetition('2026-03-13T23:00:00.000Z', TODAY)).toBe(true);
  });
});

describe('splitCompetitions', () => {
  it('splits by today and sorts upcoming soonest first, past newest first, no date last', () => {
    const list = [
      competition(1, '2026-01-10'),
      competition(2, null),
      competition(3, '2026-05-01'),
      competition(4, '2026-03-14'),
      competition(5, '2025-06-30'),
      competition(6, '2026-03-13'),
      competition(7, '2026-04-01'),
    ];
    const { upcoming, past } = splitCompetitions(list, TODAY);
    expect(uics(upcoming)).toEqual([4, 7, 3, 2]);
    expect(uics(past)).toEqual([6, 1, 5]);
  });

  it('leaves hidden competitions out', () => {
    const list = [competition(1, '2026-05-01', { visible: false }), competition(2, '2026-05-02')];
    const { upcoming, past } = splitCompetitions(list, TODAY);
    expect(uics(upcoming)).toEqual([2]);
    expect(past).toEqual([]);
  });

  it('orders the same day by start time, then by name', () => {
    const list = [
      competition(1, '2026-05-01', { startTime: '2pm' }),
      competition(2, '2026-05-01', { startTime: '09:30' }),
      competition(3, '2026-05-01', { startTime: null, competitionName: 'B' }),
      competition(4, '2026-05-01', { startTime: null, competitionName: 'A' }),
      competition(5, '2026-05-01', { startTime: '10:00' }),
    ];
    expect(uics(splitCompetitions(list, TODAY).upcoming)).toEqual([2, 5, 1, 4, 3]);
  });

  it('does not change the list it is given', () => {
    const list = [competition(1, '2026-05-01'), competition(2, '2026-04-01')];
    splitCompetitions(list, TODAY);
    expect(uics(list)).toEqual([1, 2]);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 19 }, (_, i) => i + 1);

  it('pages by 8', () => {
    expect(COMPETITIONS_PAGE_SIZE).toBe(8);
    expect(paginate(items, 1)).toEqual({ items: [1, 2, 3, 4, 5, 6, 7, 8], page: 1, pageCount: 3 });
    expect(paginate(items, 3)).toEqual({ items: [17, 18, 19], page: 3, pageCount: 3 });
  });

  it('clamps pages out of range', () => {
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items, Number.NaN).page).toBe(1);
  });

  it('keeps one empty page for an empty list', () => {
    expect(paginate([], 2)).toEqual({ items: [], page: 1, pageCount: 1 });
  });

  it('has exactly one page for exactly eight items', () => {
    expect(paginate(items.slice(0, 8), 1).pageCount).toBe(1);
  });
});

describe('pagerItems', () => {
  it('lists every page when there are few', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('leaves gaps around the current page when there are many', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });
});

describe('card links', () => {
  it('registers for an upcoming competition', () => {
    expect(competitionRegisterPath({ uic: 42 })).toBe('/register/competition/42');
  });

  it('leads to the results page by url names, else by uic', () => {
    expect(competitionResultsPath({ uic: 42, urlName: 'spring-open' }, 'dublin-ac')).toBe(
      '/dublin-ac/spring-open',
    );
    expect(competitionResultsPath({ uic: 42, urlName: null }, 'dublin-ac')).toBe('/?cid=42');
    expect(competitionResultsPath({ uic: 42, urlName: 'spring-open' }, null)).toBe('/?cid=42');
    expect(competitionResultsPath({ uic: 42, urlName: ' ' }, 'dublin-ac')).toBe('/?cid=42');
  });
});

describe('competitionBackPath', () => {
  it('prefers the url names, then the competition uic, then the home page', () => {
    expect(competitionBackPath('dublin-ac', 'spring-open', 7)).toBe('/dublin-ac/spring-open');
    expect(competitionBackPath(null, 'spring-open', 7)).toBe('/?comp=7');
    expect(competitionBackPath('dublin-ac', '', 7)).toBe('/?comp=7');
    expect(competitionBackPath(null, null, undefined)).toBe('/');
  });
});

describe('dates', () => {
  it('formats a date for people', () => {
    expect(formatCompetitionDate('2026-03-14')).toBe('Sat 14 Mar 2026');
    expect(formatCompetitionDate('2024-02-29')).toBe('Thu 29 Feb 2024');
    expect(formatCompetitionDate(null)).toBeNull();
    expect(formatCompetitionDate('TBC')).toBe('TBC');
  });

  it('reads only real ISO dates', () => {
    expect(readIsoDate('2026-03-14')).toBe('2026-03-14');
    expect(readIsoDate('2026-13-01')).toBeNull();
    expect(readIsoDate('14/03/2026')).toBeNull();
  });

  it('takes today from the local calendar', () => {
    expect(localIsoDate(new Date(2026, 2, 14, 23, 59))).toBe('2026-03-14');
    expect(localIsoDate(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05');
  });
});
