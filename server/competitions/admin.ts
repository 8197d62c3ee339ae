import { sql } from 'kysely';
import type { ChangeDeps } from '../runtime.ts';
import type { Db } from '../db/connect.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type {
  AdminCompetition,
  CompetitionFlags,
  CompetitionInput,
} from '../../shared/schemas/admin.ts';
import { assertClubMember, ownedCompetition } from '../auth/scope.ts';
import { Invalid, NotFound } from '../errors.ts';
import { checkCompetitionLimit, clubPlan, requireFeature } from '../pricing/gating.ts';
import { deleteFile, insertFile } from '../files/queries.ts';
import type { Upload } from '../files/upload.ts';
import { findAdminCompetition, urlNameTaken } from './adminQueries.ts';
import { createCompetition, updateCompetition, type CompetitionFields } from './service.ts';

export const URL_NAME_TAKEN = 'Another competition of this club already uses this URL name.';
export const CLUB_FIXED = 'The club of a competition cannot be changed.';

type Stored = Awaited<ReturnType<typeof ownedCompetition>>;

/** The form's fields as columns; a timetable of type NONE is no timetable. */
function columns(input: CompetitionInput): CompetitionFields & { competitionName: string } {
  const { clubUic: _club, timeTableFile, ...rest } = input;
  const none = input.timeTableType === 'NONE';
  return {
    ...rest,
    closeTime: rest.closeTime ?? null,
    description: rest.description ?? null,
    mapLink: rest.mapLink ?? null,
    facebook: rest.facebook ?? null,
    timedBy: rest.timedBy ?? null,
    timedByLink: rest.timedByLink ?? null,
    timeTableFileName: none ? null : (rest.timeTableFileName ?? null),
    ...(none
      ? { timeTableFile: null }
      : timeTableFile !== undefined
        ? { timeTableFile: timeTableFile === null ? null : JSON.stringify(timeTableFile) }
        : {}),
  };
}

/** Whether the save sets a timetable other than the one stored (removing one is always allowed). */
function setsTimetable(input: CompetitionInput, stored: Stored | undefined): boolean {
  if (input.timeTableType === 'NONE') return false;
  if (!stored) return true;
  return (
    input.timeTableType !== stored.timeTableType ||
    (input.timeTableFileName ?? null) !== stored.timeTableFileName ||
    (input.timeTableFile !== undefined &&
      JSON.stringify(input.timeTableFile) !== JSON.stringify(stored.timeTableFile))
  );
}

async function reread(db: Db, user: SessionUser, uic: number): Promise<AdminCompetition> {
  const saved = await findAdminCompetition(db, user.clubUics, uic);
  if (!saved) throw new NotFound('Competition not found');
  return saved;
}

export async function createAdminCompetition(
  deps: ChangeDeps,
  user: SessionUser,
  input: CompetitionInput,
): Promise<AdminCompetition> {
  assertClubMember(user, input.clubUic);
  const plan = await clubPlan(deps.db, input.clubUic);
  if (setsTimetable(input, undefined)) requireFeature(plan, 'timetable');
  const saved = await createCompetition(deps, input.clubUic, async (trx) => {
    await checkCompetitionLimit(trx, input.clubUic, plan);
    if (await urlNameTaken(trx, input.clubUic, input.urlName)) throw new Invalid(URL_NAME_TAKEN);
    return columns(input);
  });
  return reread(deps.db, user, saved.uic);
}

export async function updateAdminCompetition(
  deps: ChangeDeps,
  user: SessionUser,
  uic: number,
  input: CompetitionInput,
): Promise<AdminCompetition> {
  const stored = await ownedCompetition(deps.db, user, uic);
  if (input.clubUic !== stored.clubUic) throw new Invalid(CLUB_FIXED);
  if (setsTimetable(input, stored))
    requireFeature(await clubPlan(deps.db, stored.clubUic), 'timetable');
  await updateCompetition(deps, uic, async (trx) => {
    if (await urlNameTaken(trx, stored.clubUic, input.urlName, uic)) {
      throw new Invalid(URL_NAME_TAKEN);
    }
    return columns(input);
  });
  return reread(deps.db, user, uic);
}

/** Live Now and Visible on their own: the rest of the competition stays as it is. */
export async function setCompetitionFlags(
  deps: ChangeDeps,
  user: SessionUser,
  uic: number,
  flags: CompetitionFlags,
): Promise<AdminCompetition> {
  await ownedCompetition(deps.db, user, uic);
  await updateCompetition(deps, uic, flags);
  return reread(deps.db, user, uic);
}

/** Stores the new image (or none) and drops the old file, in the change that publishes it. */
async function swapImage(deps: ChangeDeps, uic: number, upload: Upload | null): Promise<void> {
  await updateCompetition(deps, uic, async (trx) => {
    const old = await trx
      .selectFrom('competitions')
      .select('imageFileId')
      .where('uic', '=', uic)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const file = upload ? await insertFile(trx, upload) : null;
    await deleteFile(trx, old.imageFileId);
    return { imageLink: file?.link ?? null, imageFileId: file?.id ?? null };
  });
}

export async function setCompetitionImage(
  deps: ChangeDeps,
  user: SessionUser,
  uic: number,
  readFile: () => Promise<Upload>,
): Promise<AdminCompetition> {
  await ownedCompetition(deps.db, user, uic);
  // Read only once the user may store it: a refused upload is not even received.
  await swapImage(deps, uic, await readFile());
  return reread(deps.db, user, uic);
}

export async function removeCompetitionImage(
  deps: ChangeDeps,
  user: SessionUser,
  uic: number,
): Promise<AdminCompetition> {
  await ownedCompetition(deps.db, user, uic);
  await swapImage(deps, uic, null);
  return reread(deps.db, user, uic);
}

/**
 * Marks the competition's results final for the federation (now), or takes the mark back:
 * from then on its exports carry the corrections made since (server/exchange/). Marking it
 * again keeps the first time: corrections are counted from when it was first sent.
 */
export async function setResultsFinal(
  deps: ChangeDeps,
  user: SessionUser,
  uic: number,
  final: boolean,
): Promise<AdminCompetition> {
  const stored = await ownedCompetition(deps.db, user, uic);
  if (final !== (stored.resultsFinalAt !== null)) {
    // The database's clock, which stamps the corrections counted from it.
    await updateCompetition(deps, uic, async (trx) => ({
      resultsFinalAt: final
        ? (await sql<{ now: Date }>`select now() as now`.execute(trx)).rows[0]!.now
        : null,
    }));
  }
  return reread(deps.db, user, uic);
}
