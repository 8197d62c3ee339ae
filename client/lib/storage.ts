/**
 * Browser storage used by the public site. Every access is guarded:
 * storage can be disabled or full (private browsing), and the site must work without it.
 */

export const storageKeys = {
  /** Uic of the club last chosen on the home page. */
  lastClub: 'lastClubUic',
  /** Uic of the competition last chosen on the home page. */
  lastCompetition: 'lastCompetitionUic',
  /** Uic of the club last chosen in the admin panel (kept apart from the public choice). */
  adminLastClub: 'adminLastClubUic',
  /** Uic of the competition last chosen in the admin panel. */
  adminLastCompetition: 'adminLastCompetitionUic',
} as const;

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    return local()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    local()?.setItem(key, value);
  } catch {
    // Storage unavailable or full: the flag simply is not remembered.
  }
}

export function readFlag(key: string): boolean {
  return readItem(key) === 'true';
}

export function writeFlag(key: string): void {
  writeItem(key, 'true');
}

/** A stored whole number, or null when absent or not a number. */
export function readUic(key: string): number | null {
  const value = readItem(key);
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}
