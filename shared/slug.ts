/**
 * Letters that Unicode does not decompose into a base letter and marks, written as their
 * usual Latin spelling so a name keeps its words (Łódź → lodz, Straße → strasse).
 */
const LETTERS: Record<string, string> = {
  ł: 'l',
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  œ: 'oe',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
};
const OTHER_LETTERS = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/**
 * The URL name generated from a competition or club name: lower case,
 * accents stripped (NFKD), the letters above transliterated, every run of other characters
 * one hyphen, none at either end. Plain ASCII names give what they always gave.
 */
export function slugify(name: string): string {
  // Lower case first: "İ" lowers to "i" plus a combining dot, and "ẞ" to "ß"; the next steps
  // remove the one and spell out the other.
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(OTHER_LETTERS, (letter) => LETTERS[letter]!)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The rule for a URL name typed by hand: lower-case letters, digits and hyphens only. */
export function isValidUrlName(name: string): boolean {
  return /^[a-z0-9-]+$/.test(name);
}
