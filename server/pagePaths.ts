import { parsePositiveInt } from './competitions/routes.ts';

/**
 * The single-page app's page paths (client/App.tsx), read on the server so that a path no
 * page answers, or one naming a club, competition or event that does not exist, is served
 * with a 404 status instead of a soft 404.
 */
export type PagePath =
  /** A page that exists whatever the data holds: /, /pricing, /verify/{token}, … */
  | { page: 'fixed' }
  /** The officials' field card, an entry of its own (client/field.html). */
  | { page: 'field' }
  | { page: 'event'; eventId: string }
  /** An athlete's page across competitions: /athlete/{id}. */
  | { page: 'athlete'; athleteId: string }
  | { page: 'register'; competitionUic: number }
  | { page: 'package'; packageId: number }
  | { page: 'club'; club: string }
  | {
      page: 'competition';
      club: string;
      competition: string;
      /** The stadium's big screen, or the widget clubs frame in their own sites. */
      view?: CompetitionView;
    };

/** The competition's other views: /board/{club}/{competition}, /embed/{club}/{competition}. */
export type CompetitionView = 'board' | 'embed';

/** Longer than any address Rith makes: answered 404 without looking anything up. */
export const MAX_PAGE_PATH = 512;

const FIXED = [
  /^\/$/,
  /^\/(competitions|pricing|privacy|terms|login|admin|reset-password)\/?$/,
  /^\/verify\/[^/]+\/?$/,
  // A combined event's standings: the page says so when there is none.
  /^\/combined\/[0-9a-f-]{36}\/?$/i,
];
const EVENT = /^\/event\/([^/]+)\/?$/;
const ATHLETE = /^\/athlete\/([0-9a-f-]{36})\/?$/i;
const REGISTER = /^\/register\/competition\/([^/]+)\/?$/;
const PACKAGE = /^\/register\/package\/([^/]+)\/?$/;
// Url names never hold a dot: a dotted path is a file that is not there.
const CLUB = /^\/([^/.]+)\/?$/;
const COMPETITION = /^\/([^/.]+)\/([^/.]+)\/?$/;
const VIEW = /^\/(board|embed)\/([^/.]+)\/([^/.]+)\/?$/;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The page a path (without its query) names, or null when no page answers it. */
export function matchPagePath(pathname: string): PagePath | null {
  if (pathname.length > MAX_PAGE_PATH) return null;
  if (FIXED.some((re) => re.test(pathname))) return { page: 'fixed' };
  if (/^\/field\/?$/.test(pathname)) return { page: 'field' };

  const event = EVENT.exec(pathname);
  if (event) {
    const eventId = decode(event[1]!);
    return eventId === null ? null : { page: 'event', eventId };
  }
  const athlete = ATHLETE.exec(pathname);
  if (athlete) return { page: 'athlete', athleteId: athlete[1]!.toLowerCase() };
  const register = REGISTER.exec(pathname);
  if (register) {
    const uic = /^\d{1,9}$/.test(register[1]!) ? Number(register[1]) : null;
    return uic === null ? null : { page: 'register', competitionUic: uic };
  }
  const pack = PACKAGE.exec(pathname);
  if (pack) {
    const packageId = parsePositiveInt(pack[1]!);
    return packageId === undefined ? null : { page: 'package', packageId };
  }
  const view = VIEW.exec(pathname);
  if (view) {
    const clubName = decode(view[2]!);
    const name = decode(view[3]!);
    return clubName === null || name === null
      ? null
      : {
          page: 'competition',
          club: clubName,
          competition: name,
          view: view[1] as CompetitionView,
        };
  }
  const club = CLUB.exec(pathname);
  if (club) {
    const name = decode(club[1]!);
    return name === null ? null : { page: 'club', club: name };
  }
  const competition = COMPETITION.exec(pathname);
  if (competition) {
    const clubName = decode(competition[1]!);
    const name = decode(competition[2]!);
    return clubName === null || name === null
      ? null
      : { page: 'competition', club: clubName, competition: name };
  }
  return null;
}
