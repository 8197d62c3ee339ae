import { foldText } from '../../shared/athletes/identity.ts';

/** Texts remembered per generation; a big meet has a few thousand names and clubs. */
const GENERATION = 50_000;
let current = new Map<string, string>();
let previous = new Map<string, string>();

/**
 * foldText, remembered. A competition's index is built again after every change to one of
 * its events, from nearly the same names and clubs, each written on several lists, and
 * folding (Unicode normalisation and five expressions) was most of what a build cost. Two
 * generations bound the memory: a text not used since the last turnover is forgotten at the
 * next.
 */
export function foldOnce(text: string | null): string {
  if (text === null) return '';
  let folded = current.get(text);
  if (folded === undefined) {
    folded = previous.get(text) ?? foldText(text);
    if (current.size >= GENERATION) {
      previous = current;
      current = new Map();
    }
    current.set(text, folded);
  }
  return folded;
}
