import {
  isLocalHost,
  mayTrack,
  type AnalyticsConfig,
  type AnalyticsEvent,
} from '../../shared/analytics.ts';
import { readVisitor } from './visitor.ts';

/** Whether analytics may run: only once the visitor accepted their cookies. */
const hasCookieConsent = () => readVisitor().cookieConsent;
import { request } from './http.ts';

type Queue = ((...args: unknown[]) => void) & { q?: unknown[][] };
interface AnalyticsWindow {
  plausible?: Queue;
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
}

const OFF: AnalyticsConfig = { provider: 'none', id: null };
let config: Promise<AnalyticsConfig> | undefined;
let providerLoaded = false;

function siteConfig(): Promise<AnalyticsConfig> {
  config ??= request<AnalyticsConfig>('/api/analytics-config').catch(() => OFF);
  return config;
}

function addScript(src: string, attributes: Record<string, string> = {}) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.appendChild(script);
}

/** The provider's script is loaded only once consent is given, never before. */
function loadProvider({ provider, id }: AnalyticsConfig): void {
  if (providerLoaded || !id) return;
  providerLoaded = true;
  const w = window as unknown as AnalyticsWindow;
  if (provider === 'plausible') {
    w.plausible ??= Object.assign((...args: unknown[]) => (w.plausible!.q ??= []).push(args), {});
    addScript('https://plausible.io/js/script.manual.js', { 'data-domain': id });
  } else if (provider === 'ga4') {
    w.dataLayer ??= [];
    w.gtag = (...args: unknown[]) => w.dataLayer!.push(args);
    w.gtag('js', new Date());
    w.gtag('config', id, { send_page_view: false });
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
  }
}

/**
 * Reports one of the analytics events, if the visitor consented and the page is not served
 * from localhost (shared/analytics.ts decides). Failures are silent: analytics never
 * disturb the page.
 */
export async function track(name: AnalyticsEvent, props: Record<string, string> = {}) {
  // Checked before anything is fetched: without consent, nothing at all happens.
  if (!hasCookieConsent() || isLocalHost(window.location.hostname)) return;
  const settings = await siteConfig();
  if (!mayTrack(settings, hasCookieConsent(), window.location.hostname)) return;
  loadProvider(settings);
  const w = window as unknown as AnalyticsWindow;
  if (settings.provider === 'plausible') {
    if (name === 'page_view') w.plausible?.('pageview', { u: window.location.href });
    else w.plausible?.(name, { props });
  } else if (settings.provider === 'ga4') {
    w.gtag?.('event', name, name === 'page_view' ? { page_path: props.path, ...props } : props);
  }
}
