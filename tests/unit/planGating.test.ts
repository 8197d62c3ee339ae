import { describe, expect, it } from 'vitest';
import {
  canAddCompetition,
  COMPETITION_LIMIT_MESSAGE,
  featureBlockedMessage,
  includedAliases,
} from '../../shared/planGating.ts';

describe('plan gating', () => {
  it('says why a plan stops an admin, in the words the admin is shown', () => {
    expect(COMPETITION_LIMIT_MESSAGE).toBe(
      'Competition Limit Reached - Your current subscription allows up to 3 competitions. Upgrade your plan to add more competitions.',
    );
    expect(featureBlockedMessage('wind_speed')).toMatch(
      /^This feature is not available with your current subscription plan\. Upgrade your plan to enable /,
    );
  });

  it('stops only the limited plan, at three competitions', () => {
    const limited = includedAliases([
      { alias: 'limited_to_3_competitions', included: true },
      { alias: 'timetable', included: false },
      { alias: null, included: true },
    ]);
    expect([...limited]).toEqual(['limited_to_3_competitions']);
    expect(canAddCompetition(limited, 2)).toBe(true);
    expect(canAddCompetition(limited, 3)).toBe(false);
    expect(canAddCompetition(new Set(['timetable']), 40)).toBe(true);
  });
});
