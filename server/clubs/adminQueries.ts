import type { Db } from '../db/connect.ts';
import type { AdminClub, Feature } from '../../shared/schemas/admin.ts';

export function listAdminClubs(db: Db, clubUics: number[]): Promise<AdminClub[]> {
  if (clubUics.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('clubs')
    .leftJoin('packages', 'packages.id', 'clubs.packageId')
    .select([
      'clubs.uic',
      'clubs.clubName',
      'clubs.urlName',
      'clubs.visible',
      'clubs.email',
      'clubs.imageLink',
      'clubs.packageId',
      'packages.name as packageName',
    ])
    .where('clubs.uic', 'in', clubUics)
    .orderBy('clubs.clubName')
    .orderBy('clubs.uic')
    .execute();
}

export function listPackageFeatures(db: Db, packageId: number): Promise<Feature[]> {
  return db
    .selectFrom('packageFeatures')
    .select(['name', 'alias', 'included'])
    .where('packageId', '=', packageId)
    .orderBy('sortOrder')
    .execute();
}
