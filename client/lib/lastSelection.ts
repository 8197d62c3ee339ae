import { useSyncExternalStore } from 'react';
import { readUic, storageKeys, writeItem } from './storage.ts';

/**
 * The club and competition last chosen on the home page, as a store: the header's links
 * read it while the home page writes it, and a page writes after the header has rendered
 * (in an effect), so the header must be told, or it shows the choice before last.
 */
export interface LastSelection {
  clubUic: number | null;
  competitionUic: number | null;
}

const listeners = new Set<() => void>();
let snapshot: LastSelection | null = null;

function readLastSelection(): LastSelection {
  const clubUic = readUic(storageKeys.lastClub);
  const competitionUic = readUic(storageKeys.lastCompetition);
  // One object per value, as useSyncExternalStore requires of its snapshots.
  if (snapshot?.clubUic !== clubUic || snapshot.competitionUic !== competitionUic) {
    snapshot = { clubUic, competitionUic };
  }
  return snapshot;
}

export function writeLastSelection(clubUic: number, competitionUic: number): void {
  writeItem(storageKeys.lastClub, String(clubUic));
  writeItem(storageKeys.lastCompetition, String(competitionUic));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the server renders, knowing nothing of the browser's storage: a first visit. */
const FIRST_VISIT: LastSelection = { clubUic: null, competitionUic: null };
const firstVisit = () => FIRST_VISIT;

/**
 * The last choice, re-rendering the caller whenever it changes. A page the server rendered is
 * hydrated as a first visit's, then follows the choice the browser remembers.
 */
export function useLastSelection(): LastSelection {
  return useSyncExternalStore(subscribe, readLastSelection, firstVisit);
}
