import { createHash } from 'node:crypto';
import type { Db } from '../db/connect.ts';

export interface NewFile {
  fileName: string;
  contentType: string;
  data: Uint8Array;
}

/** Stores the bytes; the link names the file by id, so a new upload is a new URL. */
export async function insertFile(db: Db, file: NewFile): Promise<{ id: string; link: string }> {
  const row = await db
    .insertInto('files')
    .values({
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.data.byteLength,
      sha256: createHash('sha256').update(file.data).digest('hex'),
      data: file.data,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, link: fileLink(row.id) };
}

export const fileLink = (id: string): string => `/api/files/${id}`;

export async function deleteFile(db: Db, id: string | null): Promise<void> {
  if (id) await db.deleteFrom('files').where('id', '=', id).execute();
}

export async function deleteFiles(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('files').where('id', 'in', ids).execute();
}

export function findFile(db: Db, id: string) {
  return db
    .selectFrom('files')
    .select(['id', 'fileName', 'contentType', 'size', 'sha256', 'data'])
    .where('id', '=', id)
    .executeTakeFirst();
}
