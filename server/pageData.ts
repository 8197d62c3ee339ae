import type { PublicReads } from './publicCache/reads.ts';
import type { PagePath } from './pagePaths.ts';
import { parsePositiveInt } from './competitions/routes.ts';
import { PAGE_DATA_ELEMENT_ID, queryKeys } from '../shared/queryKeys.ts';
import {
  chooseClub,
  resolveSelection,
  selectionLookups,
  type SelectionUrl,
} from '../shared/selection.ts';
import { competitionClock } from '../shared/entries.ts';
import type { Club } from '../shared/schemas/club.ts';
import { CompetitionListQuery, type Competition } from '../shared/schemas/competition.ts';
import type { AdminSession } from '../shared/schemas/session.ts';
import type { EventSummary } from '../shared/schemas/event.ts';
import { meetNow } from '../shared/meet/now.ts';

/**
 * What the first screen of a spectator's page reads, written into its HTML (issue 14): the
 * page paints its results from it (client/lib/pageData.ts seeds the query cache) instead of
 * waiting for the script to ask the API. Each entry is a query key of shared/queryKeys.ts and
 * the JSON the API answers for it, the very bytes of the node's cache (server/publicCache/),
 * so a page view costs no database round trip once the payloads are cached.
 */
export type PageData = readonly PageDataEntry[];
type PageDataEntry = readonly [key: readonly unknown[], json: string];

export interface PageRequest {
  pathname: string;
  /** What matchPagePath made of the path. */
  match: PagePath;
  /** The address's query (?cid=, ?comp=, ?club= choose the home page's competition). */
  search: URLSearchParams;
  /** A session cookie came with the request: only the API can say whether it is an admin's. */
  signedIn: boolean;
}

/** What GET /api/admin/session answers a visitor without a session. */
const ANONYMOUS: AdminSession = { isAdmin: false };

/**
 * The payloads the page's first screen asks for, or null for a page that has none written
 * into it (the other pages are not a spectator's first screen).
 */
export async function readPageData(
  reads: PublicReads,
  page: PageRequest,
): Promise<PageData | null> {
  const { match, search } = page;
  let entries: PageDataEntry[];
  if (match.page === 'event') {
    const event = await reads.event(match.eventId);
    if (!event.json) return null;
    entries = [[queryKeys.event(match.eventId), event.json.toString()]];
  } else if (match.page === 'athlete') {
    const athlete = await reads.athlete(match.athleteId);
    if (!athlete.json) return null;
    entries = [[queryKeys.athlete(match.athleteId), athlete.json.toString()]];
  } else {
    const path = resultsPath(page);
    if (!path) return null;
    entries = await resultsPageData(reads, {
      ...path,
      cid: search.get('cid'),
      comp: search.get('comp'),
      club: search.get('club'),
    });
  }
  // The app shows nothing until it knows whether the visitor is an admin (client/App.tsx).
  if (!page.signedIn) entries.unshift([queryKeys.session, JSON.stringify(ANONYMOUS)]);
  return entries;
}

/** The results page's path parameters (client/App.tsx routes), or null for another page. */
function resultsPath({ pathname, match }: PageRequest): SelectionUrl | null {
  switch (match.page) {
    case 'club':
      return { clubUrlName: match.club };
    case 'competition':
      return { clubUrlName: match.club, competitionUrlName: match.competition };
    case 'fixed':
      return pathname === '/' ? {} : null;
    default:
      return null;
  }
}

const parse = <T>(json: Buffer): T => JSON.parse(json.toString()) as T;

/**
 * The results page (client/lib/useHomeSelection.ts, then client/pages/HomePage.tsx), followed
 * as the page follows it with shared/selection.ts: the clubs its selector lists, what the
 * address names, the chosen club's competitions, the shown competition's events. A visitor's
 * remembered choice lives in their browser: the page asks for what that changes itself.
 */
async function resultsPageData(reads: PublicReads, url: SelectionUrl): Promise<PageDataEntry[]> {
  const entries: PageDataEntry[] = [];
  const listed = await reads.clubs(true);
  if (!listed.json) return entries;
  entries.push([queryKeys.listedClubs, listed.json.toString()]);
  const clubs = parse<Club[]>(listed.json);

  const lookups = selectionLookups(url);
  const found: Competition[] = [];
  for (const uic of lookups.uics) {
    // The API answers 404 for what is no competition id: the page keeps null.
    const id = parsePositiveInt(String(uic));
    const competition = id === undefined ? null : (await reads.competition(id)).json;
    entries.push([queryKeys.competition(uic), competition?.toString() ?? 'null']);
    if (competition) found.push(parse<Competition>(competition));
  }
  const { comp } = lookups;
  // A name the API refuses (too long) is left for the page to ask, and be refused, itself.
  if (comp !== null && CompetitionListQuery.safeParse({ comp }).success) {
    const named = await reads.competitions({ named: comp });
    if (named.json) {
      entries.push([queryKeys.namedCompetitions(comp), named.json.toString()]);
      found.push(...parse<Competition[]>(named.json));
    }
  }

  // The visitor's date decides which competition a club opens on; the venue's is the guess.
  const today = competitionClock(new Date()).date;
  const choice = chooseClub({ clubs, found, url, today });
  if (choice.notFound || !choice.club) return entries;
  const ofClub = await reads.competitions({ clubUic: choice.club.uic });
  if (!ofClub.json) return entries;
  entries.push([queryKeys.clubCompetitions(choice.club.uic), ofClub.json.toString()]);

  const clubCompetitions = parse<Competition[]>(ofClub.json);
  const selection = resolveSelection({ clubs, found, url, today, clubCompetitions });
  if (selection.notFound || !selection.competition) return entries;
  const { uic } = selection.competition;
  const events = await reads.eventsOf(uic);
  if (events.json) {
    entries.push([queryKeys.events(uic), events.json.toString()]);
    entries.push(
      ...(await nowAndNext(reads, parse<EventSummary[]>(events.json), selection.competition)),
    );
  }
  // The page remembers the competition it shows, and the header's Results link looks it up.
  if (!lookups.uics.includes(uic)) {
    const shown = await reads.competition(uic);
    if (shown.json) entries.push([queryKeys.competition(uic), shown.json.toString()]);
  }
  return entries;
}

/**
 * The events "Now and next" shows with their rows (client/components/home/MeetNow.tsx): the
 * latest results and the field events under way, as the page works them out (shared/meet/
 * now.ts), so the competition page's first screen paints its results from the HTML too.
 */
async function nowAndNext(
  reads: PublicReads,
  events: EventSummary[],
  competition: Competition,
): Promise<PageDataEntry[]> {
  const clock = competitionClock(new Date());
  const plan = meetNow(events, { now: clock.date === competition.date ? clock.minutes : null });
  const shown = [plan.latest, ...plan.fieldInProgress].filter((e) => e !== null);
  const entries: PageDataEntry[] = [];
  for (const { id } of shown) {
    const event = await reads.event(id);
    if (event.json) entries.push([queryKeys.event(id), event.json.toString()]);
  }
  return entries;
}

/**
 * Script data ends at the first "</script" (and "<!--" changes how it is read): every "<" is
 * written as its JSON escape, which can only stand inside a string. U+2028 and U+2029 are
 * escaped too, as a JavaScript string literal could not hold them before ES2019.
 */
const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const escapeForScript = (json: string) =>
  json.replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * index.html with the data as a JSON island before </body>: `[[key, payload], …]`. Not a
 * script the browser runs, so the Content-Security-Policy (no inline script) stands.
 */
export function withPageData(html: string, data: PageData): string {
  const json = `[${data.map(([key, payload]) => `[${JSON.stringify(key)},${payload}]`).join(',')}]`;
  const island = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${escapeForScript(json)}</script>`;
  // A replacer function: a payload holding $' or $& must not splice the page into itself.
  return html.replace('</body>', () => `  ${island}\n  </body>`);
}
