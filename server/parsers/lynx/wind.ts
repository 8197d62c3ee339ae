import { formatWind, parseWind } from '../../../shared/athletics/wind.ts';

/**
 * A wind reading as the product stores it: signed with one decimal ("+1.3", "-0.4", "+0.0"),
 * rounded as World Athletics rounds winds. Blank, or "NWI" (no wind information, what
 * results software writes when the gauge failed), is null; undefined means the text is not
 * a wind at all. A LIF wind sub-list ("-1.2,,,,124") is read by its first item.
 */
export function normalizeWind(text: string): string | null | undefined {
  const first = (text.split(',')[0] ?? '').trim();
  if (first === '' || /^nwi$/i.test(first)) return null;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(first)) return undefined;
  return parseWind(first) === null ? undefined : formatWind(first);
}
