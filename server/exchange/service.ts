import type { Db } from '../db/connect.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { ExchangeFormat } from '../../shared/schemas/exchange.ts';
import {
  exchangeCompetition,
  findPublicCompetition,
  type ExchangeCompetition,
} from '../competitions/queries.ts';
import { findSessionUser } from '../auth/sessions.ts';
import { slugify } from '../../shared/slug.ts';
import { exchangeEvents, type ExchangeEventRow } from '../events/exchange.ts';
import { exchangeMeet } from './meet.ts';
import { correctionsOf } from './corrections.ts';
import { writeExchange } from './write.ts';
import { resultsPdf } from './pdfData.ts';
import type { ResultsPdf } from './pdfDocument.ts';

/** Makes a results PDF's bytes: on the sandbox's thread (worker/parseSandbox.ts). */
export type RenderPdf = (pdf: ResultsPdf) => Promise<Buffer>;

/** A file to send: its bytes, what it is, and the name it is saved under. */
export interface ExchangeFile {
  bytes: Buffer;
  type: string;
  fileName: string;
}

/**
 * Who reads: the public sees what the public may (a public competition's visible events); a
 * club admin of the competition's club sees its hidden events too, and a hidden competition.
 */
export async function readableCompetition(
  db: Db,
  uic: number,
  viewer: SessionUser | undefined,
): Promise<{ competition: ExchangeCompetition; hidden: boolean } | null> {
  const competition = await exchangeCompetition(db, uic);
  if (!competition) return null;
  const admin = viewer?.clubUics.includes(competition.clubUic) ?? false;
  if (!admin && !(await findPublicCompetition(db, uic))) return null;
  return { competition, hidden: admin };
}

/**
 * The club admin's view of a competition (its hidden events too) when the session is an admin
 * of its club; null for anyone else, who reads the public copy. Only a request with a
 * session is looked up: the public's reads stay in the cache.
 */
export async function adminReadable(
  db: Db,
  session: string | undefined,
  competitionOf: () => Promise<number | undefined>,
): Promise<{ competition: ExchangeCompetition; hidden: true } | null> {
  if (session === undefined) return null;
  const user = await findSessionUser(db, session);
  const uic = user?.clubUics.length ? await competitionOf() : undefined;
  const readable = uic === undefined ? null : await readableCompetition(db, uic, user);
  return readable?.hidden ? { ...readable, hidden: true } : null;
}

/** "leevale-city-sports": a file name from a name, as URL names are made (a header-safe one). */
function fileBase(name: string): string {
  return slugify(name).slice(0, 60).replace(/-$/, '') || 'competition';
}

export const EXTENSIONS: Record<ExchangeFormat, { ext: string; type: string }> = {
  opentrack: { ext: 'json', type: 'application/json; charset=utf-8' },
  hytek: { ext: 'txt', type: 'text/plain; charset=utf-8' },
  csv: { ext: 'csv', type: 'text/csv; charset=utf-8' },
};

/** GET /api/competitions/{uic}/export: the competition's results in a federation format. */
export async function exportCompetition(
  db: Db,
  readable: { competition: ExchangeCompetition; hidden: boolean },
  format: ExchangeFormat,
): Promise<ExchangeFile> {
  const { competition, hidden } = readable;
  const events = await exchangeEvents(db, competition.uic, hidden);
  const meet = exchangeMeet(competition, events);
  const finalAt = competition.resultsFinalAt === null ? null : new Date(competition.resultsFinalAt);
  const text = writeExchange(format, meet, {
    resultsFinalAt: finalAt?.toISOString() ?? null,
    corrections: finalAt === null ? null : await correctionsOf(db, events, finalAt),
  });
  const { ext, type } = EXTENSIONS[format];
  return {
    bytes: Buffer.from(text, 'utf8'),
    type,
    fileName: `${fileBase(competition.competitionName)}-results.${ext}`,
  };
}

async function pdfOf(
  competition: ExchangeCompetition,
  events: readonly ExchangeEventRow[],
  fileName: string,
  render: RenderPdf,
): Promise<ExchangeFile> {
  const bytes = await render(resultsPdf(competition, events, new Date()));
  return { bytes, type: 'application/pdf', fileName };
}

/** GET /api/competitions/{uic}/results.pdf: every event with results, in running order. */
export async function competitionResultsPdf(
  db: Db,
  readable: { competition: ExchangeCompetition; hidden: boolean },
  render: RenderPdf,
): Promise<ExchangeFile> {
  const { competition, hidden } = readable;
  const events = (await exchangeEvents(db, competition.uic, hidden)).filter(
    (event) => event.results.length > 0 || (event.live?.rows.length ?? 0) > 0,
  );
  const fileName = `${fileBase(competition.competitionName)}-results.pdf`;
  return pdfOf(competition, events, fileName, render);
}

/** GET /api/events/{id}/results.pdf: one event's sheet; null when the reader may not see it. */
export async function eventResultsPdf(
  db: Db,
  readable: { competition: ExchangeCompetition; hidden: boolean },
  eventId: string,
  render: RenderPdf,
): Promise<ExchangeFile | null> {
  const { competition, hidden } = readable;
  const [event] = await exchangeEvents(db, competition.uic, hidden, eventId.toLowerCase());
  if (!event) return null;
  return pdfOf(competition, [event], `${fileBase(event.eventName)}-results.pdf`, render);
}
