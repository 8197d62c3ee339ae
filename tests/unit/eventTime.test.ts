import { describe, expect, it } from 'vitest';
import {
  formatEventTime,
  parseEventTime,
  startTimeText,
} from '../../shared/athletics/eventTime.ts';
import { eventSelectorOptions } from '../../shared/selection.ts';

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

describe('startTimeText', () => {
  it('shows the timetable time, else when the race really started, else a dash', () => {
    expect(startTimeText({ time: '2:05 pm', startedAt: '14:07:31.2231' })).toBe('2:05 PM');
    expect(startTimeText({ time: null, startedAt: '13:53:47.8223' })).toBe('13:53');
    expect(startTimeText({ time: ' ', startedAt: null })).toBe('-');
  });
});

describe('eventSelectorOptions', () => {
  it('labels with the formatted time, or the name alone when there is no time', () => {
    const event = (id: string, time: string, eventName: string) => ({
      id,
      time,
      eventName,
      runOrder: null,
      round: 'finals' as const,
      heat: null,
      heatCount: 1,
    });
    expect(
      eventSelectorOptions([
        event('1', '  ', 'Hammer'),
        event('2', '14:05', '200m'),
        event('3', '09:30', '100m'),
        event('4', 'After lunch', 'Relay'),
        event('5', '2:05pm', '400m'),
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
