import { describe, expect, it } from 'vitest';
import {
  compareEventTimes,
  eventSelectorOptions,
  formatEventTime,
  parseEventTime,
  sortByEventTime,
} from '../../shared/athletics/eventTime.ts';

describe('parseEventTime', () => {
  it.each([
    ['14:05', 14 * 60 + 5],
    ['9:30', 9 * 60 + 30],
    ['09:30', 9 * 60 + 30],
    ['9.30', 9 * 60 + 30],
    ['0:00', 0],
    ['23:59', 23 * 60 + 59],
    ['  14:05  ', 14 * 60 + 5],
    ['14:05:30', 14 * 60 + 5.5],
  ])('reads 24-hour %j', (text, minutes) => {
    expect(parseEventTime(text)).toBe(minutes);
  });

  it.each([
    ['2:05 pm', 14 * 60 + 5],
    ['2:05PM', 14 * 60 + 5],
    ['2:05 p.m.', 14 * 60 + 5],
    ['2pm', 14 * 60],
    ['9:30 am', 9 * 60 + 30],
    ['12pm', 12 * 60],
    ['12:30 PM', 12 * 60 + 30],
    ['12am', 0],
    ['12:30am', 30],
    ['11:59 pm', 23 * 60 + 59],
    ['1:02:03 pm', 13 * 60 + 2 + 3 / 60],
  ])('reads am/pm %j', (text, minutes) => {
    expect(parseEventTime(text)).toBe(minutes);
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    'TBC',
    '14',
    '24:00',
    '12:60',
    '12:30:60',
    '13:00 pm',
    '0:30 am',
    '1:5',
    '14:05 xm',
    '2:05 pm later',
  ])('returns null for %j', (text) => {
    expect(parseEventTime(text)).toBeNull();
  });
});

describe('formatEventTime', () => {
  it.each([null, undefined, '', '   '])('shows "-" for missing %j', (text) => {
    expect(formatEventTime(text)).toBe('-');
  });

  it('shows unreadable text as written, trimmed', () => {
    expect(formatEventTime('  After the 100m  ')).toBe('After the 100m');
  });

  it.each([
    ['14:05', '14:05'],
    ['9:30', '9:30'],
    ['09:30', '9:30'],
    ['9.30', '9:30'],
    ['0:05', '0:05'],
    ['14:05:00', '14:05'],
    ['14:05:09', '14:05:09'],
  ])('keeps 24-hour input in 24-hour form: %j -> %j', (text, shown) => {
    expect(formatEventTime(text)).toBe(shown);
  });

  it.each([
    ['2:05 pm', '2:05 PM'],
    ['2:05PM', '2:05 PM'],
    ['02:05pm', '2:05 PM'],
    ['12pm', '12:00 PM'],
    ['12:30am', '12:30 AM'],
    ['9 a.m.', '9:00 AM'],
    ['11:59:30 pm', '11:59:30 PM'],
  ])('keeps am/pm input in 12-hour form: %j -> %j', (text, shown) => {
    expect(formatEventTime(text)).toBe(shown);
  });
});

describe('compareEventTimes', () => {
  it('orders by clock time, not by text', () => {
    expect(compareEventTimes('9:30', '10:00')).toBeLessThan(0);
    expect(compareEventTimes('1:00 pm', '11:00')).toBeGreaterThan(0);
    expect(compareEventTimes('12:30am', '1:00')).toBeLessThan(0);
  });

  it('reverses for descending', () => {
    expect(compareEventTimes('9:30', '10:00', 'desc')).toBeGreaterThan(0);
  });

  it('treats equal times written differently as equal', () => {
    expect(compareEventTimes('2:05 pm', '14:05')).toBe(0);
  });

  it.each(['asc', 'desc'] as const)('puts missing and unreadable times last (%s)', (direction) => {
    expect(compareEventTimes(null, '9:00', direction)).toBeGreaterThan(0);
    expect(compareEventTimes('9:00', 'TBC', direction)).toBeLessThan(0);
    expect(compareEventTimes(undefined, 'TBC', direction)).toBe(0);
  });
});

describe('sortByEventTime', () => {
  const events = [
    { id: 'a', time: 'TBC', eventName: 'Shot Put' },
    { id: 'b', time: '14:00', eventName: 'Long Jump' },
    { id: 'c', time: null, eventName: 'Discus' },
    { id: 'd', time: '9:30 am', eventName: 'Mile' },
    { id: 'e', time: '2:00 pm', eventName: '100m' },
    { id: 'f', time: '14:00', eventName: 'Long Jump' },
  ];

  it('sorts ascending, ties by name then source order, unreadable times last by name', () => {
    expect(sortByEventTime(events).map((e) => e.id)).toEqual(['d', 'e', 'b', 'f', 'c', 'a']);
  });

  it('sorts descending with unreadable times still last and names still A to Z', () => {
    expect(sortByEventTime(events, 'desc').map((e) => e.id)).toEqual([
      'e',
      'b',
      'f',
      'd',
      'c',
      'a',
    ]);
  });

  it('does not mutate its input', () => {
    const copy = [...events];
    sortByEventTime(events);
    expect(events).toEqual(copy);
  });
});

describe('eventSelectorOptions', () => {
  it('labels with the formatted time, or the name alone when there is no time', () => {
    expect(
      eventSelectorOptions([
        { id: '1', time: '  ', eventName: 'Hammer' },
        { id: '2', time: '14:05', eventName: '200m' },
        { id: '3', time: '09:30', eventName: '100m' },
        { id: '4', time: 'After lunch', eventName: 'Relay' },
        { id: '5', time: '2:05pm', eventName: '400m' },
      ]),
    ).toEqual([
      { value: '3', label: '9:30 | 100m' },
      { value: '2', label: '14:05 | 200m' },
      { value: '5', label: '2:05 PM | 400m' },
      { value: '1', label: 'Hammer' },
      { value: '4', label: 'After lunch | Relay' },
    ]);
  });

  it('is empty for no events', () => {
    expect(eventSelectorOptions([])).toEqual([]);
  });
});
