import { describe, expect, it } from 'vitest';
import { isLocalHost, mayTrack, type AnalyticsConfig } from '../../shared/analytics.ts';

const on: AnalyticsConfig = { provider: 'plausible', id: 'results.rith.ie' };

describe('analytics gating', () => {
  it('sends only with a provider, stored consent, and not from localhost', () => {
    expect(mayTrack(on, true, 'results.rith.ie')).toBe(true);
    expect(mayTrack(on, false, 'results.rith.ie')).toBe(false);
    expect(mayTrack({ provider: 'none', id: null }, true, 'results.rith.ie')).toBe(false);
    for (const host of ['localhost', '127.0.0.1', '127.8.0.2', '::1', '[::1]', 'app.localhost']) {
      expect(isLocalHost(host), host).toBe(true);
      expect(mayTrack(on, true, host), host).toBe(false);
    }
    expect(isLocalHost('localhost.example.com')).toBe(false);
  });
});
