/**
 * An admin-typed outside link made safe to render: http(s) only (no javascript: and the
 * like); a bare host such as facebook.com/club gets https://. Null when unusable.
 */
export function externalHref(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
