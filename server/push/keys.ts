import type * as WebPush from 'web-push';
import type { Db } from '../db/connect.ts';
import type { PushConfig } from '../config.ts';
import { lazyPackage } from '../infra/lazyPackage.ts';

const webpush = lazyPackage<typeof WebPush>('web-push');

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair: the configured one, else one generated the first time it is needed and
 * kept in the database, so every node and worker signs with the same key and the devices'
 * subscriptions (made for that public key) outlive restarts. Two nodes racing to make it
 * keep the first one written.
 */
export async function vapidKeys(db: Db, config: PushConfig): Promise<VapidKeys> {
  if (config.vapidKeys) return config.vapidKeys;
  const kept = await db
    .selectFrom('pushKeys')
    .select(['publicKey', 'privateKey'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (kept) return kept;
  const made = webpush().generateVAPIDKeys();
  await db
    .insertInto('pushKeys')
    .values({ id: 1, ...made })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return db
    .selectFrom('pushKeys')
    .select(['publicKey', 'privateKey'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}
