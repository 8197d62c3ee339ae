export type SortDirection = 'asc' | 'desc';

interface EventTime {
  hour: number;
  minute: number;
  second: number;
  /** Written with am/pm, so it is shown back in 12-hour form. */
  twelveHour: boolean;
}

// Minutes are required unless am/pm says the bare number is an hour ("12pm").
const TIME = /^(\d{1,2})(?:[:.](\d{2})(?:[:.](\d{2}))?)?\s*(?:([ap])\.?m\.?)?$/i;

function readEventTime(text: string | null | undefined): EventTime | null {
  const match = TIME.exec((text ?? '').trim());
  if (!match) return null;
  const [, hourText = '', minuteText, secondText, meridiem] = match;
  if (minuteText === undefined && meridiem === undefined) return null;
  const written = Number(hourText);
  const minute = Number(minuteText ?? 0);
  const second = Number(secondText ?? 0);
  if (minute > 59 || second > 59) return null;
  if (meridiem === undefined) {
    return written <= 23 ? { hour: written, minute, second, twelveHour: false } : null;
  }
  if (written < 1 || written > 12) return null;
  // 12pm stays 12, 12am becomes 0; other pm hours add 12.
  const base = written % 12;
  const hour = meridiem.toLowerCase() === 'p' ? base + 12 : base;
  return { hour, minute, second, twelveHour: true };
}

/** Minutes since midnight (seconds as a fraction), or null when missing or unreadable. */
export function parseEventTime(text: string | null | undefined): number | null {
  const time = readEventTime(text);
  return time && time.hour * 60 + time.minute + time.second / 60;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * The schedule time as it is shown: am/pm input in 12-hour form ("2:05 PM"), other
 * input in 24-hour form ("9:30"); seconds only when not zero. Missing shows '-', and text
 * that is not a time is shown as written (trimmed).
 */
export function formatEventTime(text: string | null | undefined): string {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return '-';
  const time = readEventTime(trimmed);
  if (!time) return trimmed;
  const seconds = time.second === 0 ? '' : `:${pad2(time.second)}`;
  if (!time.twelveHour) return `${time.hour}:${pad2(time.minute)}${seconds}`;
  const hour = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return `${hour}:${pad2(time.minute)}${seconds} ${time.hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The start an events table shows: the timetable's time, else when the event really started
 * (a .lif's gun time, the finish camera's clock: "14:07"), else '-'.
 */
export function startTimeText(event: { time: string | null; startedAt?: string | null }): string {
  if ((event.time ?? '').trim() !== '') return formatEventTime(event.time);
  const started = /^(\d{1,2}):(\d{2})/.exec(event.startedAt ?? '');
  return formatEventTime(started ? `${started[1]}:${started[2]}` : null);
}
