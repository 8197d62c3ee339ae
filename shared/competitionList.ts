/**
 * The rules of the public competition list: which competitions are
 * upcoming and which are past, their order, the page size, and where each card links to.
 * Pure functions; "today" is injected so the rules can be tested.
 */

export const COMPETITIONS_PAGE_SIZE = 8;

/** The tabs of the competitions page; the server pages each (GET /api/competitions/{tab}). */
export const competitionTabs = ['upcoming', 'past'] as const;
export type CompetitionTab = (typeof competitionTabs)[number];

/** The fields the list rules read; Competition satisfies it. */
export interface ListedCompetition {
  uic: number;
  clubUic: number;
  competitionName: string;
  urlName: string | null;
  visible: boolean;
  /** ISO date, YYYY-MM-DD. */
  date: string | null;
  startTime: string | null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date of an ISO text (a time part is ignored), or null when it is not one. */
export function readIsoDate(text: string | null | undefined): string | null {
  const day = (text ?? '').trim().slice(0, 10);
  const match = ISO_DATE.exec(day);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  // Rejects dates such as 2026-02-30 that Date would roll over.
  return date.getUTCDate() === Number(d) && date.getUTCMonth() === Number(m) - 1 ? day : null;
}

/** The local calendar date of a moment as YYYY-MM-DD (the visitor's "today"). */
export function localIsoDate(moment: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** Past when its date is before today; a competition without a date is never past. */
export function isPastCompetition(date: string | null, today: string): boolean {
  const day = readIsoDate(date);
  return day !== null && day < today;
}

/** Minutes after midnight of a start time such as 09:30, 9:30am or 2 pm; null when unreadable. */
function startMinutes(text: string | null): number | null {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?(?::\d{2})?\s*([ap])?\.?m?\.?$/i.exec(
    (text ?? '').trim(),
  );
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  const meridiem = match[3]?.toLowerCase();
  if (meridiem === 'p' && hours !== 12) hours += 12;
  if (meridiem === 'a' && hours === 12) hours = 0;
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** Ascending by a key that may be missing: missing keys sort last. */
function compareMissingLast(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function byName(a: ListedCompetition, b: ListedCompetition): number {
  return a.competitionName.localeCompare(b.competitionName, 'en') || a.uic - b.uic;
}

/** Soonest first; same day by start time; no date last. */
function compareUpcoming(a: ListedCompetition, b: ListedCompetition): number {
  return (
    compareMissingLast(readIsoDate(a.date), readIsoDate(b.date)) ||
    compareMissingLast(startMinutes(a.startTime), startMinutes(b.startTime)) ||
    byName(a, b)
  );
}

/** Newest first; same day by the later start first. */
function comparePast(a: ListedCompetition, b: ListedCompetition): number {
  return (
    compareMissingLast(readIsoDate(b.date), readIsoDate(a.date)) ||
    compareMissingLast(startMinutes(b.startTime), startMinutes(a.startTime)) ||
    byName(a, b)
  );
}

export interface SplitCompetitions<T> {
  upcoming: T[];
  past: T[];
}

/**
 * The visible competitions split into upcoming (today or later, or no date; soonest first,
 * no date last) and past (before today; newest first). `today` is YYYY-MM-DD.
 */
export function splitCompetitions<T extends ListedCompetition>(
  competitions: readonly T[],
  today: string,
): SplitCompetitions<T> {
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const competition of competitions) {
    if (!competition.visible) continue;
    (isPastCompetition(competition.date, today) ? past : upcoming).push(competition);
  }
  return { upcoming: upcoming.sort(compareUpcoming), past: past.sort(comparePast) };
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  /** At least 1, so an empty list still has a page to show its empty state on. */
  pageCount: number;
}

/** One page of a list. A page number out of range (or not a number) is clamped. */
export function paginate<T>(
  items: readonly T[],
  requestedPage: number,
  pageSize = COMPETITIONS_PAGE_SIZE,
): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const wanted = Number.isFinite(requestedPage) ? Math.trunc(requestedPage) : 1;
  const page = Math.min(Math.max(wanted, 1), pageCount);
  const start = (page - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page, pageCount };
}

/**
 * The page numbers a pager shows: all of them when there are few, otherwise the first, the
 * last and the neighbours of the current page, with 'gap' where numbers are left out.
 */
export function pagerItems(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = new Set([1, pageCount, page - 1, page, page + 1]);
  if (page <= 3) [2, 3, 4].forEach((n) => shown.add(n));
  if (page >= pageCount - 2)
    [pageCount - 3, pageCount - 2, pageCount - 1].forEach((n) => shown.add(n));
  const numbers = [...shown].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  numbers.forEach((n, i) => {
    const previous = numbers[i - 1];
    if (previous !== undefined && n - previous > 1) items.push(n - previous === 2 ? n - 1 : 'gap');
    items.push(n);
  });
  return items;
}

/** Where an upcoming competition's card leads: athlete registration. */
export function competitionRegisterPath(competition: Pick<ListedCompetition, 'uic'>): string {
  return `/register/competition/${competition.uic}`;
}

/**
 * The results page of a competition: /{clubUrlName}/{competitionUrlName}, or /?cid={uic}
 * when the club or the competition has no url name.
 */
export function competitionResultsPath(
  competition: Pick<ListedCompetition, 'uic' | 'urlName'>,
  clubUrlName: string | null | undefined,
): string {
  const club = clubUrlName?.trim();
  const name = competition.urlName?.trim();
  if (club && name) return `/${encodeURIComponent(club)}/${encodeURIComponent(name)}`;
  return `/?cid=${competition.uic}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A competition date for people: 2026-03-14 -> 'Sat 14 Mar 2026'. Other text is kept as is. */
export function formatCompetitionDate(text: string | null | undefined): string | null {
  const day = readIsoDate(text);
  if (day === null) return text?.trim() || null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${d} ${MONTHS[m - 1]} ${y}`;
}

/**
 * The event page's Back to Competition target: /{clubUrlName}/{competitionUrlName} when both
 * exist, else /?comp={competitionUic}, else the home page.
 */
export function competitionBackPath(
  clubUrlName: string | null | undefined,
  competitionUrlName: string | null | undefined,
  competitionUic: number | null | undefined,
): string {
  const club = clubUrlName?.trim();
  const name = competitionUrlName?.trim();
  if (club && name) return `/${encodeURIComponent(club)}/${encodeURIComponent(name)}`;
  if (competitionUic !== null && competitionUic !== undefined) return `/?comp=${competitionUic}`;
  return '/';
}
