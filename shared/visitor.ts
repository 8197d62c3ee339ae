/**
 * What a visitor's browser remembers that changes a page's first screen: whether the home
 * page's banner was seen, and whether the cookie bar was answered. Kept in cookies, which
 * come with the page's request, so the server renders that screen as the browser will
 * hydrate it (a returning visitor's banner is not drawn open and then shut).
 */
export const VISITOR_COOKIES = {
  /** The home page's banner was seen (it starts collapsed from then on). */
  bannerSeen: 'rith_banner_seen',
  /** Analytics cookies were accepted. */
  cookieConsent: 'rith_cookie_consent',
  /** The cookie bar was closed without accepting: for this browser session only. */
  cookieBarClosed: 'rith_cookie_bar_closed',
} as const;

export type VisitorFlag = keyof typeof VISITOR_COOKIES;
export type Visitor = Record<VisitorFlag, boolean>;

/** The flags set in `cookies` (name → value, as parsed from a Cookie header). */
export function visitorOf(cookies: Readonly<Record<string, string | undefined>>): Visitor {
  const set = (flag: VisitorFlag) => cookies[VISITOR_COOKIES[flag]] === '1';
  return {
    bannerSeen: set('bannerSeen'),
    cookieConsent: set('cookieConsent'),
    cookieBarClosed: set('cookieBarClosed'),
  };
}
