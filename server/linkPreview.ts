import type { Db } from './db/connect.ts';
import { findPublicEvent } from './events/queries.ts';
import { findPublicCompetition, publicCompetitions } from './competitions/queries.ts';
import { findVisibleClub } from './clubs/queries.ts';
import { eventTitle } from '../shared/athletics/heats.ts';

export interface Preview {
  title: string;
  description: string;
  /** Absolute or site-relative; made absolute when rendered. */
  image: string | null;
}

const when = (c: { date: string | null; location: string | null }) =>
  [c.date, c.location].filter(Boolean).join(', ');

/**
 * What a link shared on a messaging app shows: crawlers read the HTML and run no JavaScript,
 * so the server writes the event's or competition's title and description into it.
 */
export async function previewFor(db: Db, pathname: string): Promise<Preview | null> {
  const event = /^\/event\/([^/]+)\/?$/.exec(pathname);
  if (event) {
    const found = await findPublicEvent(db, decodeURIComponent(event[1]!));
    if (!found) return null;
    const kind = found.status === 'official' ? 'Results' : 'Start list';
    // Six heats may share one name: the preview says which one was shared.
    const name = eventTitle(found);
    return {
      title: `${name} — ${found.competition.competitionName} | Rith`,
      description: `${kind} for ${name} at ${found.competition.competitionName}${when(found.competition) ? ` (${when(found.competition)})` : ''}, live on Rith.`,
      image: found.competition.imageLink,
    };
  }
  const register = /^\/register\/competition\/(\d{1,9})\/?$/.exec(pathname);
  if (register) {
    const competition = await findPublicCompetition(db, Number(register[1]));
    if (!competition) return null;
    const club = await findVisibleClub(db, competition.clubUic);
    return {
      title: `Register for ${competition.competitionName} | Rith`,
      description: `Athlete registration for ${competition.competitionName}${club ? ` by ${club.clubName}` : ''}${when(competition) ? ` (${when(competition)})` : ''}.`,
      image: competition.imageLink,
    };
  }
  const page = /^\/([^/.]+)\/([^/.]+)\/?$/.exec(pathname);
  if (page) {
    const row = await publicCompetitions(db)
      .select(['competitions.uic', 'clubs.clubName'])
      .where('clubs.urlName', '=', decodeURIComponent(page[1]!))
      .where('competitions.urlName', '=', decodeURIComponent(page[2]!))
      .executeTakeFirst();
    if (!row) return null;
    const competition = await findPublicCompetition(db, row.uic);
    if (!competition) return null;
    return {
      title: `${row.clubName} — ${competition.competitionName} | Rith`,
      description: `Live results, start lists and timetable of ${competition.competitionName}${when(competition) ? ` (${when(competition)})` : ''}, pushed as they happen on Rith.`,
      image: competition.imageLink,
    };
  }
  return null;
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
