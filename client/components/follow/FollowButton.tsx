import type { FollowedAthlete } from '../../../shared/schemas/follow.ts';
import {
  isFollowing,
  isFollowingClub,
  toggleAthlete,
  toggleClub,
  useFollows,
} from '../../lib/follows.ts';

function Star({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Follows an athlete with one tap. A toggle (aria-pressed) whose name says who: a screen
 * reader hears "Follow Sam Carter, toggle button, pressed".
 */
export function FollowButton({
  athlete,
  compact = false,
}: {
  athlete: FollowedAthlete;
  compact?: boolean;
}) {
  const follows = useFollows();
  const on = isFollowing(follows, athlete);
  // The name holds the word shown on the button (WCAG 2.5.3: voice users say what they see);
  // the star alone keeps "Follow", pressed or not.
  const word = on && !compact ? 'Following' : 'Follow';
  return (
    <button
      type="button"
      className={`follow-button${on ? ' is-on' : ''}${compact ? ' is-compact' : ''}`}
      aria-pressed={on}
      aria-label={`${word} ${athlete.name}`}
      title={on ? `Stop following ${athlete.name}` : `Follow ${athlete.name}`}
      onClick={() => toggleAthlete(athlete)}
    >
      <Star on={on} />
      {!compact && <span aria-hidden="true">{on ? 'Following' : 'Follow'}</span>}
    </button>
  );
}

export function FollowClubButton({
  competitionUic,
  club,
}: {
  competitionUic: number;
  club: string;
}) {
  const follows = useFollows();
  const on = isFollowingClub(follows, competitionUic, club);
  return (
    <button
      type="button"
      className={`follow-button follow-club${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={`${on ? 'Following' : 'Follow'} ${club}`}
      title={`Follow every athlete of ${club}`}
      onClick={() => toggleClub(competitionUic, club)}
    >
      <Star on={on} />
      <span aria-hidden="true">{on ? `Following ${club}` : `Follow ${club}`}</span>
    </button>
  );
}
