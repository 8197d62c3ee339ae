import type { LiveTarget } from './messages.ts';

/*
 * The plain parts of the live protocol, shared by the server and the browser (the schemas
 * are in messages.ts). Room names double as the keys of a subscription's version snapshot.
 */
export const competitionRoom = (uic: number): string => `competition:${uic}`;
export const eventRoom = (id: string): string => `event:${id}`;
export const clubAdminRoom = (uic: number): string => `club-admin:${uic}`;
/** Internal: the sockets of one session, so its end reaches them (never subscribable). */
export const sessionRoom = (sessionHash: string): string => `session:${sessionHash}`;

export function roomOf(target: LiveTarget): string {
  if ('competitionUic' in target) return competitionRoom(target.competitionUic);
  if ('eventId' in target) return eventRoom(target.eventId);
  return clubAdminRoom(target.clubAdminUic);
}

/**
 * Sent by a node to its own sockets when changes may have been missed (its Redis stream
 * lost entries it had not read): clients subscribe again and refetch what is behind.
 */
export const RESYNC = 'live.resync';
