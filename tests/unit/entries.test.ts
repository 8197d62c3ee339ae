import { describe, expect, it } from 'vitest';
import { competitionClock, competitionDay, entriesClosed } from '../../shared/entries.ts';

const at = (date: string, time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return { date, minutes: h * 60 + m };
};
const meet = (fields: {
  date?: string | null;
  startTime?: string | null;
  closeTime?: string | null;
}) => ({
  date: '2026-06-13',
  startTime: '18:30',
  closeTime: '17:30',
  ...fields,
});

describe('competitionClock', () => {
  it("reads a moment on the venue's wall clock, summer time included", () => {
    // Irish summer time is UTC+1; winter time is UTC.
    expect(competitionClock(new Date('2026-06-13T16:29:00Z'))).toEqual(at('2026-06-13', '17:29'));
    expect(competitionClock(new Date('2026-01-10T23:30:00Z'))).toEqual(at('2026-01-10', '23:30'));
    // Half past eleven at night UTC in summer is already the next day in Ireland.
    expect(competitionClock(new Date('2026-06-13T23:30:00Z'))).toEqual(at('2026-06-14', '00:30'));
  });
});

describe('competitionDay', () => {
  it('tells upcoming, today and past apart; a competition without a date is upcoming', () => {
    expect(competitionDay({ date: '2026-06-14' }, '2026-06-13')).toBe('upcoming');
    expect(competitionDay({ date: '2026-06-13' }, '2026-06-13')).toBe('today');
    expect(competitionDay({ date: '2026-06-12' }, '2026-06-13')).toBe('past');
    expect(competitionDay({ date: null }, '2026-06-13')).toBe('upcoming');
    expect(competitionDay({ date: 'next spring' }, '2026-06-13')).toBe('upcoming');
  });
});

describe('entriesClosed', () => {
  it('is open before the day and closed after it', () => {
    expect(entriesClosed(meet({}), at('2026-06-12', '23:59'))).toBe(false);
    expect(entriesClosed(meet({}), at('2026-06-14', '00:00'))).toBe(true);
    expect(
      entriesClosed(meet({ closeTime: null, startTime: null }), at('2026-06-14', '0:00')),
    ).toBe(true);
  });

  it("closes on the day at the 'Entries close' time, in any of the ways it is written", () => {
    expect(entriesClosed(meet({}), at('2026-06-13', '17:29'))).toBe(false);
    expect(entriesClosed(meet({}), at('2026-06-13', '17:30'))).toBe(true);
    expect(entriesClosed(meet({ closeTime: '5:30 pm' }), at('2026-06-13', '17:29'))).toBe(false);
    expect(entriesClosed(meet({ closeTime: '5:30 pm' }), at('2026-06-13', '17:30'))).toBe(true);
  });

  it('without a readable closing time closes at the start, and without a start at midnight', () => {
    expect(entriesClosed(meet({ closeTime: null }), at('2026-06-13', '18:29'))).toBe(false);
    expect(entriesClosed(meet({ closeTime: 'the day before' }), at('2026-06-13', '18:30'))).toBe(
      true,
    );
    const allDay = meet({ closeTime: null, startTime: 'TBC' });
    expect(entriesClosed(allDay, at('2026-06-13', '23:59'))).toBe(false);
  });

  it('stays open for a competition that has no date yet', () => {
    expect(entriesClosed(meet({ date: null }), at('2030-01-01', '12:00'))).toBe(false);
  });
});
