import { useSyncExternalStore } from 'react';
import type { FollowedAthlete, FollowedClub, Follows } from '../../shared/schemas/follow.ts';
import { MAX_FOLLOWED_ATHLETES, MAX_FOLLOWED_CLUBS } from '../../shared/follows.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import {
  athleteKey,
  athleteMatches,
  clubMatches,
  foldText,
} from '../../shared/athletes/identity.ts';
import { readItem, writeItem } from './storage.ts';

/*
 * What this device follows: kept in local storage, no account needed. Every tab reads one
 * store (a change in one tab reaches the others through the storage event), and a device
 * with alerts on sends each change to the server (client/lib/pushAlerts.ts).
 */

const KEY = 'rithFollows';
type Listener = () => void;
const listeners = new Set<Listener>();

const NO_FOLLOWS: Follows = { athletes: [], clubs: [] };

const text = (v: unknown): v is string => typeof v === 'string';
const textOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const uic = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

const isAthlete = (v: unknown): v is FollowedAthlete => {
  const a = v as Partial<FollowedAthlete> | null;
  return (
    !!a &&
    uic(a.competitionUic) &&
    text(a.key) &&
    text(a.name) &&
    textOrNull(a.club) &&
    textOrNull(a.bib)
  );
};
const isClub = (v: unknown): v is FollowedClub => {
  const c = v as Partial<FollowedClub> | null;
  return !!c && uic(c.competitionUic) && text(c.club) && c.club !== '';
};

/**
 * Follows from storage or a shared link: whatever else was written there (an older version,
 * a hand-edited link) is dropped, never trusted. The server checks them again.
 */
function asFollows(value: unknown): Follows | null {
  const v = value as Partial<Record<keyof Follows, unknown>> | null;
  if (!v || !Array.isArray(v.athletes) || !Array.isArray(v.clubs)) return null;
  return {
    athletes: v.athletes.filter(isAthlete).slice(0, MAX_FOLLOWED_ATHLETES),
    clubs: v.clubs.filter(isClub).slice(0, MAX_FOLLOWED_CLUBS),
  };
}

function read(): Follows {
  try {
    return asFollows(JSON.parse(readItem(KEY) ?? 'null')) ?? NO_FOLLOWS;
  } catch {
    return NO_FOLLOWS;
  }
}

let current: Follows = read();

function write(next: Follows): void {
  current = next;
  writeItem(KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY) return;
    current = read();
    for (const listener of listeners) listener();
  });
}

export function subscribeFollows(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getFollows = (): Follows => current;

export function useFollows(): Follows {
  return useSyncExternalStore(subscribeFollows, getFollows, () => NO_FOLLOWS);
}

/** An athlete as a follow keeps them, from any row or search result. */
export function followOf(
  competitionUic: number,
  athlete: Pick<AthleteRow, 'name' | 'club' | 'bib'>,
): FollowedAthlete {
  return {
    competitionUic,
    key: athleteKey(athlete),
    name: athlete.name,
    club: athlete.club,
    bib: athlete.bib,
  };
}

export function isFollowing(follows: Follows, athlete: FollowedAthlete): boolean {
  return follows.athletes.some(
    (a) => a.competitionUic === athlete.competitionUic && a.key === athlete.key,
  );
}

export function toggleAthlete(athlete: FollowedAthlete): boolean {
  const following = isFollowing(current, athlete);
  const others = current.athletes.filter(
    (a) => !(a.competitionUic === athlete.competitionUic && a.key === athlete.key),
  );
  if (!following && others.length >= MAX_FOLLOWED_ATHLETES) return false;
  write({ ...current, athletes: following ? others : [...others, athlete] });
  return true;
}

export function isFollowingClub(follows: Follows, competitionUic: number, club: string): boolean {
  const folded = foldText(club);
  return follows.clubs.some(
    (c) => c.competitionUic === competitionUic && foldText(c.club) === folded,
  );
}

export function toggleClub(competitionUic: number, club: string): boolean {
  const following = isFollowingClub(current, competitionUic, club);
  const folded = foldText(club);
  const others = current.clubs.filter(
    (c) => !(c.competitionUic === competitionUic && foldText(c.club) === folded),
  );
  if (!following && others.length >= MAX_FOLLOWED_CLUBS) return false;
  write({ ...current, clubs: following ? others : [...others, { competitionUic, club }] });
  return true;
}

/** Whether a table's row is an athlete this device follows, or one of a followed club. */
export function isFollowedRow(follows: Follows, competitionUic: number, row: AthleteRow): boolean {
  return (
    follows.athletes.some((a) => a.competitionUic === competitionUic && athleteMatches(a, row)) ||
    follows.clubs.some((c) => c.competitionUic === competitionUic && clubMatches(c.club, row))
  );
}

export const followsIn = (follows: Follows, competitionUic: number): Follows => ({
  athletes: follows.athletes.filter((a) => a.competitionUic === competitionUic),
  clubs: follows.clubs.filter((c) => c.competitionUic === competitionUic),
});

/*
 * A follow list shared as a link: `?follow=` carries one competition's follows, base64url
 * JSON of bibs and names (what a coach sends the parents of a squad).
 */
export const SHARE_PARAM = 'follow';

export function shareParam(follows: Follows): string {
  const json = JSON.stringify(follows);
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function readShareParam(value: string): Follows | null {
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return asFollows(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return null;
  }
}

/** Adds what a shared link follows; answers how many follows were new. */
export function addShared(shared: Follows): number {
  let added = 0;
  const athletes = [...current.athletes];
  for (const athlete of shared.athletes) {
    if (athletes.length >= MAX_FOLLOWED_ATHLETES) break;
    if (athletes.some((a) => a.competitionUic === athlete.competitionUic && a.key === athlete.key))
      continue;
    athletes.push(athlete);
    added += 1;
  }
  const clubs = [...current.clubs];
  for (const club of shared.clubs) {
    if (clubs.length >= MAX_FOLLOWED_CLUBS) break;
    if (isFollowingClub({ athletes, clubs }, club.competitionUic, club.club)) continue;
    clubs.push(club);
    added += 1;
  }
  if (added > 0) write({ athletes, clubs });
  return added;
}
