/**
 * The URL name generated from a competition name (spec section 5): lower case, accents
 * stripped, every run of other characters one hyphen, none at either end. Letters with no
 * decomposition (ß, æ, ø) are not transliterated; they become hyphens like any symbol.
 */
export function slugify(name: string): string {
  // Lower case first: "İ" lowers to "i" plus a combining dot, which the next step removes.
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The rule for a URL name typed by hand: lower-case letters, digits and hyphens only. */
export function isValidUrlName(name: string): boolean {
  return /^[a-z0-9-]+$/.test(name);
}
