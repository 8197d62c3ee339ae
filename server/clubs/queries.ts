import type { Db } from '../db/connect.ts';
import type { Club } from '../../shared/schemas/club.ts';

const publicClubColumns = ['uic', 'urlName', 'clubName', 'visible', 'email', 'imageLink'] as const;

export function listVisibleClubs(db: Db): Promise<Club[]> {
  return db
    .selectFrom('clubs')
    .select(publicClubColumns)
    .where('visible', '=', true)
    .orderBy('clubName')
    .orderBy('uic')
    .execute();
}

export function findVisibleClub(db: Db, uic: number): Promise<Club | undefined> {
  return db
    .selectFrom('clubs')
    .select(publicClubColumns)
    .where('uic', '=', uic)
    .where('visible', '=', true)
    .executeTakeFirst();
}
