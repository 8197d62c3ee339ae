/**
 * Row ids for one list: the source's own (bib, athlete number) when every row has one and no
 * two share it, else r1, r2… in file order. Either way the same file gives the same ids.
 */
export function rowIds(candidates: readonly (string | null)[]): string[] {
  const unique = new Set(candidates);
  const usable = !unique.has(null) && !unique.has('') && unique.size === candidates.length;
  return candidates.map((candidate, index) => (usable && candidate ? candidate : `r${index + 1}`));
}
