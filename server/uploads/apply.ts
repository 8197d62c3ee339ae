import { sql } from 'kysely';
import { movesInto, UNFINISHED } from './states.ts';
import type { Db } from '../db/connect.ts';
import type { ChangeDeps } from '../runtime.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import type { UploadFileReport } from '../../shared/schemas/upload.ts';
import {
  describeFailure,
  describeWarning,
  type ParsedEvent,
  type ParseWarning,
  type Person,
} from '../parsers/types.ts';
import type { BatchFile, ParseOutput } from '../parsers/upload.ts';
import {
  batchMessage,
  isSuperseded,
  successMessage,
  SUPERSEDED_REASON,
} from '../../shared/uploadRules.ts';
import { commitThenPublish } from '../live/commit.ts';
import { NOTHING_APPLIED } from '../../shared/rowCap.ts';
import {
  checkAgainstStartLists,
  classifyCompetition,
  dropUnlistedHeats,
  EventChanges,
  nextListingTurn,
  peopleFor,
  savePeople,
  saveEventFile,
  saveLynxRace,
  saveSchedule,
  saveTimetableEvents,
  uploadedEventFacts,
  withPeople,
  RowCapExceeded,
  type RaceOutcome,
  type StoredEvent,
} from '../events/imports.ts';
import { lockCompetition, saveTimetableFile } from '../competitions/service.ts';
import { clubPlan } from '../pricing/gating.ts';
import { statusMessage, type UploadRow } from './queries.ts';
import { newerWrites, overwritesNewer, StaleFile } from './stale.ts';
import { present } from '../../shared/present.ts';

type Parsed = Extract<ParseOutput, { ok: true }>;

/** A file's report while the upload is applied: its events are filled in at the end. */
interface Draft {
  fileName: string;
  contents: UploadFileReport['contents'];
  written: { eventId: string; created: boolean; rows: number; wrote: 'results' | 'start_list' }[];
  warnings: string[];
  refusals: string[];
  /** Nothing of the file could be used. */
  refused: boolean;
  /** Refused only because a newer upload of its event was published first. */
  superseded: boolean;
}

/** Why a file was not used. */
interface Refusal {
  reason: string;
  superseded: boolean;
}

const refusal = (reason: string): Refusal => ({ reason, superseded: false });
const SUPERSEDED: Refusal = { reason: SUPERSEDED_REASON, superseded: true };

/** A file none of which could be used. */
const refusedDraft = (fileName: string, why: Refusal): Draft => ({
  ...draft(fileName, null, []),
  refusals: [why.reason],
  refused: true,
  superseded: why.superseded,
});

const draft = (fileName: string, contents: Draft['contents'], warnings: ParseWarning[]): Draft => ({
  fileName,
  contents,
  written: [],
  warnings: warnings.map(describeWarning),
  refusals: [],
  refused: false,
  superseded: false,
});

function record(file: Draft, outcome: RaceOutcome, wrote: 'results' | 'start_list'): void {
  if (outcome.ok) {
    const { eventId, created, rows } = outcome;
    if (!file.written.some((w) => w.eventId === eventId && w.wrote === wrote)) {
      file.written.push({ eventId, created, rows, wrote });
    }
  } else {
    file.refusals.push(outcome.reason);
  }
}

/** A turn's lines: far more races than a lynx.evt lists, kept exact in a double. */
const LINES_PER_TURN = 100_000;

/** lynx.evt first (it names the events), then the schedule and people, then results. */
const ORDER: Record<string, number> = { evt: 0, sch: 1, ppl: 2, lif: 3, lff: 3 };

/**
 * A FinishLynx batch, file by file: each is applied or refused on its own, so one bad file
 * never costs the others. Rounds and heats are told once every file is in, from all of them.
 */
async function applyBatch(
  changes: EventChanges,
  upload: UploadRow,
  files: BatchFile[],
  windAllowed: boolean,
  newer: Set<string>,
): Promise<Draft[]> {
  const uic = present(upload.competitionUic, "the batch upload's competition");
  // A lynx.ppl of this batch, else the one saved before: the start lists name its athletes.
  const sent: Person[] = files.flatMap((f) => (f.ok && f.contents === 'people' ? f.people : []));
  const people = await peopleFor(changes.trx, uic, sent);
  const ordered = [...files].sort((a, b) => (ORDER[a.format] ?? 9) - (ORDER[b.format] ?? 9));
  const drafts: Draft[] = [];
  for (const file of ordered) {
    const before = drafts.length;
    const restore = changes.checkpoint();
    const refused = await inSavepoint(changes.trx, async () => {
      await applyFile(changes, uic, file, drafts, { people, windAllowed });
      if (overwritesNewer(newer, drafts[before]?.written ?? [])) throw new StaleFile();
    });
    if (refused !== null) {
      // What was written for this file is undone; its report says why.
      restore();
      drafts.length = before;
      drafts.push(refusedDraft(file.name, refused));
    }
  }
  await classifyCompetition(changes, uic);
  return drafts;
}

/**
 * Runs one file's writes in a savepoint. A file the database refuses (a value out of range, a
 * constraint its data breaks: SQLSTATE classes 22 and 23) is refused alone, its writes undone;
 * anything else (the database away) fails the job, which the queue tries again.
 */
async function inSavepoint(trx: Db, work: () => Promise<void>): Promise<Refusal | null> {
  await sql`savepoint upload_file`.execute(trx);
  try {
    await work();
    await sql`release savepoint upload_file`.execute(trx);
    return null;
  } catch (err) {
    if (err instanceof StaleFile) {
      await sql`rollback to savepoint upload_file`.execute(trx);
      return SUPERSEDED;
    }
    if (err instanceof RowCapExceeded) {
      await sql`rollback to savepoint upload_file`.execute(trx);
      return refusal(`${err.message} ${NOTHING_APPLIED}`);
    }
    const code = (err as { code?: unknown }).code;
    if (typeof code !== 'string' || !/^2[23]/.test(code)) throw err;
    await sql`rollback to savepoint upload_file`.execute(trx);
    const detail = err instanceof Error ? err.message : String(err);
    return refusal(`the file could not be saved: ${detail}`);
  }
}

/** One file of a batch: its report is pushed to `drafts`. */
async function applyFile(
  changes: EventChanges,
  uic: number,
  file: BatchFile,
  drafts: Draft[],
  options: { people: readonly Person[]; windAllowed: boolean },
): Promise<void> {
  if (!file.ok) {
    drafts.push(refusedDraft(file.name, refusal(describeFailure(file.error, { file: false }))));
    return;
  }
  const report = draft(file.name, file.contents, file.warnings);
  drafts.push(report);
  switch (file.contents) {
    case 'start_list':
    case 'results':
      await applyRaces(changes, uic, { ...file, contents: file.contents }, report, options);
      break;
    case 'schedule':
      await saveSchedule(changes.trx, uic, file.schedule);
      break;
    case 'people':
      for (const named of await savePeople(changes, uic, file.people)) {
        report.written.push({ ...named, created: false, wrote: 'start_list' });
      }
      break;
  }
}

/**
 * The races (or flights) of a lynx.evt, .lif or .lff, each to its event. A lynx.evt lists
 * every heat of its races, so heats it no longer lists go when nothing was published on them.
 */
async function applyRaces(
  changes: EventChanges,
  uic: number,
  file: { name: string; contents: 'start_list' | 'results'; events: ParsedEvent[] },
  report: Draft,
  options: { people: readonly Person[]; windAllowed: boolean },
): Promise<void> {
  const listed: { race: string; unit: string }[] = [];
  // The events a lynx.evt lists, as they were before it: checked against it once it is in.
  const before = new Map<string, StoredEvent>();
  // A lynx.evt lists the meet in its order: this file's turn (a later file's races after an
  // earlier one's, never the same turn), then the line (server/meet/listOrder.ts).
  const turn = file.contents === 'start_list' ? await nextListingTurn(changes.trx, uic) : 0;
  for (const [line, parsed] of file.events.entries()) {
    if (parsed.key === null) continue;
    const rows =
      file.contents === 'start_list' ? withPeople(parsed.rows, options.people) : parsed.rows;
    const outcome = await saveLynxRace(
      changes,
      uic,
      {
        parsed: { ...parsed, key: parsed.key },
        contents: file.contents,
        fileName: file.name,
        rows,
        ...(file.contents === 'start_list' ? { listed: turn + line / LINES_PER_TURN } : {}),
      },
      { windAllowed: options.windAllowed },
    );
    record(report, outcome, file.contents);
    if (outcome.ok && outcome.race !== null && outcome.unit !== null) {
      listed.push({ race: outcome.race, unit: outcome.unit });
    }
    if (outcome.ok && outcome.before && !before.has(outcome.eventId)) {
      before.set(outcome.eventId, outcome.before);
    }
  }
  if (file.contents === 'start_list') await checkAgainstStartLists(changes, before);
  // Only a lynx.evt applied whole speaks for every heat of its races.
  if (file.contents === 'start_list' && report.refusals.length === 0) {
    const dropped = await dropUnlistedHeats(changes, uic, listed);
    if (dropped.length > 0) {
      const heats = dropped.length === 1 ? 'heat' : 'heats';
      report.warnings.push(
        `${dropped.length} ${heats} no longer in ${file.name} removed (nothing was published on them).`,
      );
    }
  }
  report.refused = report.written.length === 0 && report.refusals.length > 0;
}

/** One file sent to one event from its dialog, or a timetable to its competition. */
async function applySingle(
  changes: EventChanges,
  upload: UploadRow,
  output: Exclude<Parsed, { target: 'lynx_batch' }>,
  fileName: string,
  windAllowed: boolean,
): Promise<{ draft: Draft; messages: LiveMessage[] }> {
  const messages: LiveMessage[] = [];
  if (output.target === 'timetable') {
    const report = draft(fileName, 'timetable', output.warnings);
    const uic = present(upload.competitionUic, "the timetable upload's competition");
    const saved = await saveTimetableEvents(changes, uic, output.entries);
    report.written.push(...saved.map((s) => ({ ...s, rows: 0, wrote: 'start_list' as const })));
    const message = await saveTimetableFile(changes.trx, uic, {
      timeTableType: upload.fileType,
      timeTableFileName: fileName,
      timeTableFile: JSON.stringify(output.entries),
    });
    if (message) messages.push(message);
    return { draft: report, messages };
  }
  const report = draft(fileName, output.target, output.warnings);
  const outcome = await saveEventFile(changes, present(upload.eventId, "the upload's event"), {
    contents: output.target,
    events: output.events,
    fileName,
    fileType: upload.fileType === 'NONE' ? 'LYNX_MEET_MANAGMENT' : upload.fileType,
    format: output.format,
    windAllowed,
  });
  record(report, outcome, output.target);
  report.refused = !outcome.ok;
  return { draft: report, messages };
}

/** The reports as the admin reads them: each event with its round and heat after the upload. */
async function finish(trx: Db, drafts: Draft[]): Promise<UploadFileReport[]> {
  const ids = [...new Set(drafts.flatMap((d) => d.written.map((w) => w.eventId)))];
  const facts = await uploadedEventFacts(trx, ids);
  return drafts.map((d) => ({
    fileName: d.fileName,
    outcome: d.refused ? 'refused' : 'applied',
    contents: d.contents,
    events: d.written.flatMap((w) => {
      const event = facts.get(w.eventId);
      return event
        ? [{ ...event, eventId: w.eventId, created: w.created, wrote: w.wrote, rows: w.rows }]
        : [];
    }),
    // A race refused inside a file that was otherwise applied is a warning of that file.
    warnings: d.refused ? d.warnings : [...d.refusals, ...d.warnings],
    reason: d.refused ? d.refusals.join(' ') : null,
    ...(d.superseded ? { superseded: true } : {}),
  }));
}

/**
 * The upload's message: the success words for what it held, or why it failed. A file
 * superseded is no failure: a batch does not count it among the files that could not be used.
 */
function outcomeMessage(
  output: Parsed,
  status: 'published' | 'failed',
  reports: UploadFileReport[],
): string {
  if (isSuperseded(status, reports)) return SUPERSEDED_REASON;
  const refused = reports.filter((r) => r.outcome === 'refused');
  if (output.target !== 'lynx_batch') {
    return refused[0]?.reason ?? successMessage(output.target, output.format);
  }
  const applied = reports.flatMap((r) =>
    r.outcome === 'applied' && r.contents ? [r.contents] : [],
  );
  const failed = refused.filter((r) => !r.superseded);
  return batchMessage(applied, failed.length, reports.length);
}

/**
 * Applies a parse in one transaction: the events, their versions and the upload's status and
 * report all commit together or not at all, so spectators never see a half-written event, and
 * everything is announced once it has. An upload already finished (a job delivered twice)
 * changes nothing. Files refused on arrival (kept in the report by the intake) stay listed.
 */
export async function applyUpload(
  deps: ChangeDeps,
  uploadId: string,
  output: Parsed,
  fileNames: string[],
): Promise<void> {
  await commitThenPublish(deps, async (trx) => {
    const upload = await trx
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', uploadId)
      .forUpdate()
      .executeTakeFirst();
    if (!upload || !UNFINISHED.includes(upload.status)) {
      return { result: undefined, message: null };
    }
    if (upload.competitionUic !== null) await lockCompetition(trx, upload.competitionUic);
    const newer = await newerWrites(trx, upload);
    const windAllowed = (await clubPlan(trx, upload.clubUic)).aliases.has('wind_speed');
    const changes = new EventChanges(trx);
    const messages: LiveMessage[] = [];
    let drafts: Draft[];
    if (output.target === 'lynx_batch') {
      drafts = await applyBatch(changes, upload, output.files, windAllowed, newer);
    } else if (
      upload.eventId !== null &&
      output.target !== 'timetable' &&
      overwritesNewer(newer, [{ eventId: upload.eventId, wrote: output.target }])
    ) {
      drafts = [refusedDraft(fileNames[0] ?? 'upload', SUPERSEDED)];
    } else {
      // A refusal found while writing (a cap: the competition's events) is the file's report,
      // its writes undone, as in a batch; not a job failure tried again and again.
      const fileName = fileNames[0] ?? 'upload';
      const out: { single?: Awaited<ReturnType<typeof applySingle>> } = {};
      const refused = await inSavepoint(trx, async () => {
        out.single = await applySingle(changes, upload, output, fileName, windAllowed);
      });
      if (refused || !out.single) {
        drafts = [refusedDraft(fileName, refused ?? refusal('nothing was written'))];
      } else {
        drafts = [out.single.draft];
        messages.push(...out.single.messages);
      }
    }
    const reports = [...upload.report, ...(await finish(trx, drafts))];
    const applied = reports.some((r) => r.outcome === 'applied');
    const status = applied ? 'published' : 'failed';
    const message = outcomeMessage(output, status, reports);
    await trx
      .updateTable('uploads')
      .set({ status, message, report: JSON.stringify(reports), updatedAt: sql`now()` })
      .where('id', '=', uploadId)
      // Locked above and unfinished: the guard says the rule, it never refuses here.
      .where('status', 'in', movesInto(status))
      .execute();
    messages.push(...(await changes.messages()));
    messages.push(statusMessage(upload, status, message, reports));
    return { result: undefined, message: messages };
  });
}
