/**
 * Which club and competition the public results page (home) shows, and its canonical URL
 * (spec sections 2 "Route table", 4 "Home selection" and 5). Pure: the page hands in the
 * clubs and competitions it fetched, the URL inputs, what the visitor last chose, and today.
 *
 * Order of competitions within a club (the spec leaves it open; chosen here):
 *   1. live competitions (liveNow), themselves in the order below;
 *   2. upcoming ones (dated today or later), soonest first, same day by start time;
 *   3. undated ones;
 *   4. past ones (dated before today), newest first.
 * So a meet happening now is always the first thing a visitor sees, then the next meet.
 * Clubs are ordered by name (A to Z, case- and accent-insensitive), then uic.
 *
 * Which inputs win, first match first:
 *   1. path /{clubUrlName}[/{competitionUrlName}]: an unknown club, or a competition that is
 *      not one of that club's, is `notFound`;
 *   2. ?cid={uic}: that competition and its club;
 *   3. ?comp={url name or uic}&club={club url name}: `comp` is matched (url name first, then
 *      uic) within `club` when that club is known, else across every listed club; `club`
 *      alone picks that club;
 *   4. only when the URL names nothing at all: the last competition, else the last club, the
 *      visitor chose (browser storage);
 *   5. the first listed club.
 * A query value that matches nothing is ignored (falls through to the next rule) and the
 * canonical URL drops it. A club chosen without a competition gets its default: the first
 * competition with events, otherwise its first competition.
 */
import type { Club } from './schemas/club.ts';
import type { Competition } from './schemas/competition.ts';
import { competitionResultsPath, splitCompetitions } from './competitionList.ts';
import { sortByEventTime, type SortDirection } from './athletics/eventTime.ts';

/** What the URL says: route params and query parameters, as read (possibly missing). */
export interface SelectionUrl {
  clubUrlName?: string | null | undefined;
  competitionUrlName?: string | null | undefined;
  cid?: string | null | undefined;
  comp?: string | null | undefined;
  club?: string | null | undefined;
}

/** The visitor's last choice, from browser storage. */
export interface RememberedSelection {
  clubUic?: number | null | undefined;
  competitionUic?: number | null | undefined;
}

export interface SelectionInput {
  /** GET /api/clubs. */
  clubs: readonly Club[];
  /** GET /api/competitions. */
  competitions: readonly Competition[];
  url: SelectionUrl;
  remembered?: RememberedSelection | undefined;
  /** The visitor's local date, YYYY-MM-DD. */
  today: string;
}

export interface ResolvedSelection {
  notFound: false;
  /** The clubs the club selector lists, by name. */
  clubs: Club[];
  club: Club | null;
  /** The chosen club's competitions, in display order. */
  competitions: Competition[];
  /** Every listed club's competitions, in display order. */
  allCompetitions: Competition[];
  competition: Competition | null;
  /** Where the page should be: /{club}/{competition}, else /?cid={uic}, else /. */
  canonical: string;
}

export type Selection = ResolvedSelection | { notFound: true };

const text = (value: string | null | undefined): string => (value ?? '').trim();

function sameName(urlName: string | null, wanted: string): boolean {
  return urlName !== null && urlName.trim().toLowerCase() === wanted.toLowerCase();
}

/** A whole positive number written in the URL, or null. */
function readUic(value: string): number | null {
  return /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** Live first, then upcoming soonest, undated, past newest (see the file comment). */
export function orderCompetitions<T extends Competition>(
  competitions: readonly T[],
  today: string,
): T[] {
  const { upcoming, past } = splitCompetitions(competitions, today);
  const ordered = [...upcoming, ...past];
  return [...ordered.filter((c) => c.liveNow), ...ordered.filter((c) => !c.liveNow)];
}

/**
 * Clubs that are visible and have at least one visible competition: clubs with a live
 * competition first (so `/` opens on the meet happening now), then by name.
 */
export function listedClubs(clubs: readonly Club[], competitions: readonly Competition[]): Club[] {
  const visible = competitions.filter((c) => c.visible);
  const withCompetitions = new Set(visible.map((c) => c.clubUic));
  const live = new Set(visible.filter((c) => c.liveNow).map((c) => c.clubUic));
  return clubs
    .filter((club) => club.visible && withCompetitions.has(club.uic))
    .sort(
      (a, b) =>
        Number(live.has(b.uic)) - Number(live.has(a.uic)) ||
        a.clubName.localeCompare(b.clubName, 'en', { sensitivity: 'base' }) ||
        a.uic - b.uic,
    );
}

/** The first competition with events, otherwise the first one (of an ordered list). */
export function defaultCompetition<T extends Pick<Competition, 'eventCount'>>(
  ordered: readonly T[],
): T | null {
  return ordered.find((c) => c.eventCount > 0) ?? ordered[0] ?? null;
}

/** /{clubUrlName}/{competitionUrlName} when both have url names, else /?cid={uic}. */
export function competitionPath(
  club: Pick<Club, 'urlName'> | null | undefined,
  competition: Pick<Competition, 'uic' | 'urlName'>,
): string {
  return competitionResultsPath(competition, club?.urlName);
}

/** The club and competition the home page shows for these inputs. */
export function resolveSelection(input: SelectionInput): Selection {
  const clubs = listedClubs(input.clubs, input.competitions);
  const clubUics = new Set(clubs.map((club) => club.uic));
  const all = orderCompetitions(
    input.competitions.filter((c) => c.visible && clubUics.has(c.clubUic)),
    input.today,
  );
  const ofClub = (club: Club) => all.filter((c) => c.clubUic === club.uic);
  const clubOf = (competition: Competition) =>
    clubs.find((club) => club.uic === competition.clubUic) ?? null;

  const choose = (club: Club | null, competition?: Competition | null): ResolvedSelection => {
    const competitions = club ? ofClub(club) : [];
    const chosen = competition ?? defaultCompetition(competitions);
    return {
      notFound: false,
      clubs,
      club,
      competitions,
      allCompetitions: all,
      competition: chosen,
      canonical: chosen ? competitionPath(club, chosen) : '/',
    };
  };

  const url = {
    clubUrlName: text(input.url.clubUrlName),
    competitionUrlName: text(input.url.competitionUrlName),
    cid: text(input.url.cid),
    comp: text(input.url.comp),
    club: text(input.url.club),
  };

  // 1. The path.
  if (url.clubUrlName) {
    const club = clubs.find((c) => sameName(c.urlName, url.clubUrlName));
    if (!club) return { notFound: true };
    if (!url.competitionUrlName) return choose(club);
    const competition = ofClub(club).find((c) => sameName(c.urlName, url.competitionUrlName));
    return competition ? choose(club, competition) : { notFound: true };
  }

  // 2. ?cid=
  const cid = readUic(url.cid);
  const byCid = cid === null ? undefined : all.find((c) => c.uic === cid);
  if (byCid) return choose(clubOf(byCid), byCid);

  // 3. ?comp= and ?club=
  const queryClub = url.club ? clubs.find((c) => sameName(c.urlName, url.club)) : undefined;
  if (url.comp) {
    const pool = queryClub ? ofClub(queryClub) : all;
    const compUic = readUic(url.comp);
    const byComp =
      pool.find((c) => sameName(c.urlName, url.comp)) ??
      (compUic === null ? undefined : pool.find((c) => c.uic === compUic));
    if (byComp) return choose(clubOf(byComp), byComp);
  }
  if (queryClub) return choose(queryClub);

  // 4. The visitor's last choice, only when the URL names nothing.
  const urlNamesSomething = Object.values(url).some((value) => value !== '');
  if (!urlNamesSomething && input.remembered) {
    const { competitionUic, clubUic } = input.remembered;
    const remembered = all.find((c) => c.uic === competitionUic);
    if (remembered) return choose(clubOf(remembered), remembered);
    const rememberedClub = clubs.find((c) => c.uic === clubUic);
    if (rememberedClub) return choose(rememberedClub);
  }

  // 5. The first listed club.
  return choose(clubs[0] ?? null);
}

/** Where choosing a club in the selector leads: that club's default competition. */
export function clubSelectionPath(selection: ResolvedSelection, clubUic: number): string | null {
  const club = selection.clubs.find((c) => c.uic === clubUic);
  if (!club) return null;
  const competition = defaultCompetition(
    selection.allCompetitions.filter((c) => c.clubUic === club.uic),
  );
  return competition ? competitionPath(club, competition) : null;
}

/** Where choosing a competition of the current club in the selector leads. */
export function competitionSelectionPath(
  selection: ResolvedSelection,
  competitionUic: number,
): string | null {
  const competition = selection.competitions.find((c) => c.uic === competitionUic);
  return competition ? competitionPath(selection.club, competition) : null;
}

/**
 * The rows of the home events table: public (visible) events, only the one chosen in the
 * event selector when there is one (all of them again if it has gone), sorted by time with
 * untimed events last either way.
 */
export function eventsForTable<
  T extends { id: string; visible: boolean; time: string | null; eventName: string },
>(events: readonly T[], selectedEventId: string, direction: SortDirection): T[] {
  const visible = events.filter((event) => event.visible);
  const chosen = selectedEventId ? visible.filter((event) => event.id === selectedEventId) : [];
  return sortByEventTime(chosen.length > 0 ? chosen : visible, direction);
}
