/** A device follows at most this many; enough for a coach's whole squad at a few meets. */
export const MAX_FOLLOWED_ATHLETES = 300;
export const MAX_FOLLOWED_CLUBS = 30;
/** ...in at most this many competitions: each one followed is looked at by the alerts' tick. */
export const MAX_FOLLOWED_COMPETITIONS = 10;
