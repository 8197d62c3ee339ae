/**
 * `value`, or a thrown error naming what was missing: for a value the code's own rules
 * guarantee (an upload row's target, a match group the pattern requires). Unlike `!`, a
 * broken guarantee fails loudly at that line instead of as an undefined further on.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Missing ${what}`);
  return value;
}
