import type * as IORedis from 'ioredis';
import { lazyPackage } from './lazyPackage.ts';

const ioredis = lazyPackage<typeof IORedis>('ioredis');

/** A new Redis connection; ioredis is loaded with the first (lazyPackage.ts). */
export function connectRedis(url: string, options: IORedis.RedisOptions = {}): IORedis.Redis {
  return new (ioredis().Redis)(url, options);
}
