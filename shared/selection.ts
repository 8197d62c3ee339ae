/**
 * Which club and competition the public results page (home) shows, and its canonical URL.
 * Pure: the page hands in what it
 * fetched (the clubs its selector lists, the competitions the URL or the visitor's memory
 * names, the chosen club's competitions), the URL inputs, what the visitor last chose, and
 * today. The page fetches only what it shows, so its cost does not grow with the clubs on the
 * site: selectionLookups says what to look up, chooseClub which club's competitions to fetch,
 * resolveSelection the rest.
 *
 * Order of competitions within a club (our own choice; nothing else fixes it):
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
import { formatEventTime, type SortDirection } from './athletics/eventTime.ts';
import { eventTitle } from './athletics/heats.ts';
import { runningOrder, type Orderable } from './meet/runningOrder.ts';

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
  /** GET /api/clubs?listed=true: the clubs the selector lists, in its order (listedClubs). */
  clubs: readonly Club[];
  /**
   * The public competitions selectionLookups asked for: by uic (GET /api/competitions/{uic})
   * and by what `comp` names (GET /api/competitions?comp=).
   */
  found: readonly Competition[];
  /** GET /api/competitions?club=: the competitions of the club chooseClub chose. */
  clubCompetitions: readonly Competition[];
  url: SelectionUrl;
  remembered?: RememberedSelection | undefined;
  /** The visitor's local date, YYYY-MM-DD. */
  today: string;
}

export interface ResolvedSelection {
  notFound: false;
  /** The clubs the club selector lists, in its order. */
  clubs: Club[];
  club: Club | null;
  /** The chosen club's competitions, in display order. */
  competitions: Competition[];
  competition: Competition | null;
  /** Where the page should be: /{club}/{competition}, else /?cid={uic}, else /. */
  canonical: string;
}

export type Selection = ResolvedSelection | { notFound: true };

const text = (value: string | null | undefined): string => (value ?? '').trim();

function trimmed(url: SelectionUrl) {
  return {
    clubUrlName: text(url.clubUrlName),
    competitionUrlName: text(url.competitionUrlName),
    cid: text(url.cid),
    comp: text(url.comp),
    club: text(url.club),
  };
}

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
 * competition first (so `/` opens on the meet happening now), then by name. The server
 * answers them (GET /api/clubs?listed=true), so the page need not fetch every competition.
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

/** The competitions to look up before choosing: those the URL, or else the memory, names. */
export function selectionLookups(
  url: SelectionUrl,
  remembered?: RememberedSelection,
): { uics: number[]; comp: string | null } {
  const read = trimmed(url);
  // The path decides alone: rule 1.
  if (read.clubUrlName) return { uics: [], comp: null };
  const uics = new Set<number>();
  const cid = readUic(read.cid);
  if (cid !== null) uics.add(cid);
  const urlNamesSomething = Object.values(read).some((value) => value !== '');
  const last = remembered?.competitionUic;
  if (!urlNamesSomething && last !== null && last !== undefined) uics.add(last);
  return { uics: [...uics], comp: read.comp || null };
}

/** The club the page shows (its competitions are fetched next), and the competition if named. */
export type ClubChoice =
  | { notFound: true }
  | {
      notFound: false;
      club: Club | null;
      /** The competition the URL or the memory named, when it did. */
      competition: Competition | null;
      /** The path's competition url name, found among the club's competitions next. */
      competitionUrlName: string | null;
    };

export function chooseClub(input: Omit<SelectionInput, 'clubCompetitions'>): ClubChoice {
  const { clubs } = input;
  const clubUics = new Set(clubs.map((club) => club.uic));
  const found = orderCompetitions(
    input.found.filter((c) => c.visible && clubUics.has(c.clubUic)),
    input.today,
  );
  const clubOf = (competition: Competition) =>
    clubs.find((club) => club.uic === competition.clubUic) ?? null;
  const pick = (competition: Competition): ClubChoice => ({
    notFound: false,
    club: clubOf(competition),
    competition,
    competitionUrlName: null,
  });
  const only = (club: Club | null, competitionUrlName: string | null = null): ClubChoice => ({
    notFound: false,
    club,
    competition: null,
    competitionUrlName,
  });
  const url = trimmed(input.url);

  // 1. The path.
  if (url.clubUrlName) {
    const club = clubs.find((c) => sameName(c.urlName, url.clubUrlName));
    return club ? only(club, url.competitionUrlName || null) : { notFound: true };
  }

  // 2. ?cid=
  const cid = readUic(url.cid);
  const byCid = cid === null ? undefined : found.find((c) => c.uic === cid);
  if (byCid) return pick(byCid);

  // 3. ?comp= and ?club=
  const queryClub = url.club ? clubs.find((c) => sameName(c.urlName, url.club)) : undefined;
  if (url.comp) {
    const pool = queryClub ? found.filter((c) => c.clubUic === queryClub.uic) : found;
    const compUic = readUic(url.comp);
    const byComp =
      pool.find((c) => sameName(c.urlName, url.comp)) ??
      (compUic === null ? undefined : pool.find((c) => c.uic === compUic));
    if (byComp) return pick(byComp);
  }
  if (queryClub) return only(queryClub);

  // 4. The visitor's last choice, only when the URL names nothing.
  const urlNamesSomething = Object.values(url).some((value) => value !== '');
  if (!urlNamesSomething && input.remembered) {
    const { competitionUic, clubUic } = input.remembered;
    const remembered = found.find((c) => c.uic === competitionUic);
    if (remembered) return pick(remembered);
    const rememberedClub = clubs.find((c) => c.uic === clubUic);
    if (rememberedClub) return only(rememberedClub);
  }

  // 5. The first listed club.
  return only(clubs[0] ?? null);
}

/** The club and competition the home page shows for these inputs. */
export function resolveSelection(input: SelectionInput): Selection {
  const choice = chooseClub(input);
  if (choice.notFound) return choice;
  const { club } = choice;
  const competitions = club
    ? orderCompetitions(
        input.clubCompetitions.filter((c) => c.visible && c.clubUic === club.uic),
        input.today,
      )
    : [];
  let competition: Competition | null;
  if (choice.competition) {
    const named = choice.competition.uic;
    competition = competitions.find((c) => c.uic === named) ?? choice.competition;
  } else if (choice.competitionUrlName !== null) {
    const wanted = choice.competitionUrlName;
    competition = competitions.find((c) => sameName(c.urlName, wanted)) ?? null;
    if (!competition) return { notFound: true };
  } else competition = defaultCompetition(competitions);
  return {
    notFound: false,
    clubs: [...input.clubs],
    club,
    competitions,
    competition,
    canonical: competition ? competitionPath(club, competition) : '/',
  };
}

/** Where choosing a club in the selector leads: its default competition, of those fetched. */
export function clubSelectionPath(
  club: Club,
  competitions: readonly Competition[],
  today: string,
): string | null {
  const ofClub = competitions.filter((c) => c.visible && c.clubUic === club.uic);
  const competition = defaultCompetition(orderCompetitions(ofClub, today));
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
 * event selector when there is one (all of them again if it has gone), in the meet's running
 * order (shared/meet/runningOrder.ts), or its reverse; events with no time or place last.
 */
export function eventsForTable<T extends Orderable & { visible: boolean }>(
  events: readonly T[],
  selectedEventId: string,
  direction: SortDirection,
): T[] {
  const visible = events.filter((event) => event.visible);
  const chosen = selectedEventId ? visible.filter((event) => event.id === selectedEventId) : [];
  return runningOrder(chosen.length > 0 ? chosen : visible, direction);
}

/**
 * Options for the public event selector, in running order: "{time} | {eventName}", or the
 * name without a time; a heat says which ("Men 100 Meter Dash, Heat 2 of 6").
 */
export function eventSelectorOptions<T extends Orderable>(
  events: readonly T[],
): { value: string; label: string }[] {
  return runningOrder(events).map((event) => {
    const name = eventTitle(event);
    return {
      value: event.id,
      label: (event.time ?? '').trim() === '' ? name : `${formatEventTime(event.time)} | ${name}`,
    };
  });
}
