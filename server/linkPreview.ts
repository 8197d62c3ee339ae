import type { Db } from './db/connect.ts';
import type { PublicReads } from './publicCache/reads.ts';
import { findPublicCompetition, publicCompetitions } from './competitions/queries.ts';
import { findVisibleClub } from './clubs/queries.ts';
import { eventTitle } from '../shared/athletics/heats.ts';
import type { PagePath } from './pagePaths.ts';
import type { PublicEvent } from '../shared/schemas/event.ts';
import type { AthleteProfile } from '../shared/schemas/athleteProfile.ts';

export interface Preview {
  title: string;
  description: string;
  /** Absolute or site-relative; made absolute when rendered. */
  image: string | null;
}

const when = (c: { date: string | null; location: string | null }) =>
  [c.date, c.location].filter(Boolean).join(', ');

/** What the server knows of a page before the app runs: whether it exists, and its preview. */
export type PageLookup = { found: false } | { found: true; preview: Preview | null };

const missing: PageLookup = { found: false };
const found = (preview: Preview | null = null): PageLookup => ({ found: true, preview });

/** Url names are matched as the home page matches them (shared/selection.ts): any case. */
const sameUrlName = (value: string) => value.trim().toLowerCase();

/**
 * Whether the page a path names exists, and what a link to it shared on a messaging app
 * shows: crawlers read the HTML and run no JavaScript, so the server writes the event's or
 * competition's title and description into it.
 */
export async function lookUpPage(
  { db, reads }: { db: Db; reads: PublicReads },
  path: PagePath,
): Promise<PageLookup> {
  switch (path.page) {
    case 'fixed':
    case 'field':
      return found();
    case 'event': {
      // From the node's cache, as the page's data is (server/pageData.ts): the most shared
      // link costs no database round trip per view.
      const cached = (await reads.event(path.eventId)).json;
      if (!cached) return missing;
      const event = JSON.parse(cached.toString()) as PublicEvent;
      // What the page shows, by the rule every screen follows (shared/meet/shown.ts).
      const kind =
        event.shown === 'results'
          ? 'Results'
          : event.shown === 'live'
            ? 'Unofficial (provisional) results'
            : 'Start list';
      // Six heats may share one name: the preview says which one was shared.
      const name = eventTitle(event);
      return found({
        title: `${name} — ${event.competition.competitionName} | Rith`,
        description: `${kind} for ${name} at ${event.competition.competitionName}${when(event.competition) ? ` (${when(event.competition)})` : ''}, live on Rith.`,
        image: event.competition.imageLink,
      });
    }
    case 'athlete': {
      const cached = (await reads.athlete(path.athleteId)).json;
      if (!cached) return missing;
      const athlete = JSON.parse(cached.toString()) as AthleteProfile;
      const pbs = athlete.bests
        .filter((best) => best.pb)
        .slice(0, 3)
        .map((best) => `${best.event} ${best.pb!.mark}${best.indoor ? ' (indoor)' : ''}`);
      return found({
        title: `${athlete.name}${athlete.club ? ` (${athlete.club})` : ''} | Rith`,
        description: `${athlete.name}'s results on Rith${pbs.length > 0 ? `; personal bests: ${pbs.join(', ')}` : ''}.`,
        image: null,
      });
    }
    case 'register': {
      const competition = await findPublicCompetition(db, path.competitionUic);
      if (!competition) return missing;
      const club = await findVisibleClub(db, competition.clubUic);
      return found({
        title: `Register for ${competition.competitionName} | Rith`,
        description: `Athlete registration for ${competition.competitionName}${club ? ` by ${club.clubName}` : ''}${when(competition) ? ` (${when(competition)})` : ''}.`,
        image: competition.imageLink,
      });
    }
    case 'package': {
      // The page says 'Package not found' itself; the status says it to crawlers too.
      const plan = await db
        .selectFrom('packages')
        .select('id')
        .where('id', '=', path.packageId)
        .executeTakeFirst();
      return plan ? found() : missing;
    }
    case 'club': {
      // The home page lists a club only while it has a competition the public may see.
      const listed = await publicCompetitions(db)
        .select('competitions.uic')
        .where((eb) => eb(eb.fn('lower', ['clubs.urlName']), '=', sameUrlName(path.club)))
        .executeTakeFirst();
      return listed ? found() : missing;
    }
    case 'competition': {
      const row = await publicCompetitions(db)
        .select(['competitions.uic', 'clubs.clubName'])
        .where((eb) => eb(eb.fn('lower', ['clubs.urlName']), '=', sameUrlName(path.club)))
        .where((eb) =>
          eb(eb.fn('lower', ['competitions.urlName']), '=', sameUrlName(path.competition)),
        )
        .executeTakeFirst();
      const competition = row && (await findPublicCompetition(db, row.uic));
      if (!row || !competition) return missing;
      return found({
        title: `${row.clubName} — ${competition.competitionName} | Rith`,
        description: `Live results, start lists and timetable of ${competition.competitionName}${when(competition) ? ` (${when(competition)})` : ''}, pushed as they happen on Rith.`,
        image: competition.imageLink,
      });
    }
  }
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** index.html with the preview's title, description and Open Graph tags in its head. */
export function withPreview(html: string, preview: Preview, pageUrl: string): string {
  const origin = new URL(pageUrl).origin;
  const image = preview.image ? new URL(preview.image, origin).href : null;
  const tags = [
    `<meta property="og:site_name" content="Rith" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(preview.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(preview.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
  ].join('\n    ');
  // Replacer functions, never replacement strings: a name holding $' or $& would otherwise
  // splice pieces of the page into it (a second script tag, four titles).
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(preview.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
      () => `<meta name="description" content="${escapeHtml(preview.description)}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/**
 * index.html for a page that does not exist: the not-found title (the app sets the same),
 * and noindex, so search engines drop the address instead of indexing a soft 404.
 */
export function asNotFoundPage(html: string): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => '<title>Page Not Found | Rith</title>')
    .replace(
      /<meta\s+name="robots"\s+content="[^"]*"\s*\/>/,
      () => '<meta name="robots" content="noindex" />',
    );
}
