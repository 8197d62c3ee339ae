/**
 * Analytics: which events exist, and when any may be sent. Plain data and
 * functions, shared by the browser module and its tests.
 */
export const analyticsEvents = [
  'page_view',
  'cta_click',
  'banner_toggle',
  'share_whatsapp',
  'footer_link_click',
] as const;
export type AnalyticsEvent = (typeof analyticsEvents)[number];

export type AnalyticsProvider = 'none' | 'plausible' | 'ga4';
export interface AnalyticsConfig {
  provider: AnalyticsProvider;
  id: string | null;
}

/** A developer's own machine: nothing is ever reported from it. */
export function isLocalHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/**
 * Whether an event may be sent: a provider is configured, the visitor stored consent as
 * given, and the page is not served from localhost. The privacy notice promises no analytics
 * at all without consent, so every event waits for it, page views included.
 */
export function mayTrack(config: AnalyticsConfig, consent: boolean, hostname: string): boolean {
  return config.provider !== 'none' && config.id !== null && consent && !isLocalHost(hostname);
}
