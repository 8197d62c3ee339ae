/**
 * Browser storage used by the public site. Every access is guarded:
 * storage can be disabled or full (private browsing), and the site must work without it.
 */

export const storageKeys = {
  /** 'true' once the home banner has auto-collapsed on a first visit. */
  bannerSeen: 'collapsibleBannerSeen',
  /** 'true' once the visitor accepted analytics cookies. */
  cookieConsent: 'cookieConsentGiven',
  /** Uic of the club last chosen on the home page. */
  lastClub: 'lastClubUic',
  /** Uic of the competition last chosen on the home page. */
  lastCompetition: 'lastCompetitionUic',
  /** Uic of the club last chosen in the admin panel (kept apart from the public choice). */
  adminLastClub: 'adminLastClubUic',
  /** Uic of the competition last chosen in the admin panel. */
  adminLastCompetition: 'adminLastCompetitionUic',
} as const;

/** sessionStorage: the cookie bar was closed (not accepted) in this tab's session. */
export const COOKIE_BAR_CLOSED_KEY = 'cookieConsentBarClosed';

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage unavailable or full: the flag simply is not remembered.
  }
}

export function readFlag(key: string, which: Area = 'local'): boolean {
  return readItem(key, which) === 'true';
}

export function writeFlag(key: string, which: Area = 'local'): void {
  writeItem(key, 'true', which);
}

/** A stored whole number, or null when absent or not a number. */
export function readUic(key: string): number | null {
  const value = readItem(key);
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/** Whether analytics may run: only once consent is stored as given. */
export function hasCookieConsent(): boolean {
  return readFlag(storageKeys.cookieConsent);
}
