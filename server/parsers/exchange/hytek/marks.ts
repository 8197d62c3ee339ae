import { normalizeResultCode } from '../../../../shared/athletics/resultCode.ts';

/**
 * How a mark is read: a race's time, a field event's distance or height, a combined event's
 * points. Hy-Tek's units flag does not decide it: real files write `E` (English) on times,
 * so the mark's own shape does (a colon or a plain decimal on a race is a time).
 */
export type MarkKind = 'time' | 'distance' | 'points';

/** The codes results software writes instead of a mark, as Rith keeps them. */
const CODES: Readonly<Record<string, string>> = {
  SCR: 'DNS',
  NH: 'NM',
  FOUL: 'NM',
  // A false start disqualifies (World Athletics TR 16.8): shown as DQ.
  FS: 'DQ',
};

/** A result code ("DNS", "DQ", "NM", "DNF"), or null when the text is not one. */
export function resultCode(text: string): string | null {
  const upper = text.trim().toUpperCase();
  return CODES[upper] ?? normalizeResultCode(upper);
}

/** 9.55, 1:06.49, 4:30.1, 1:02:03.4, 13.4h: as written, the hand-timing letter kept. */
const TIME = /^(?:\d{1,3}:){0,2}\d{1,3}(?:\.\d{1,4})?[hH]?$/;
/** 24.84 metres. */
const METRES = /^\d{1,3}(?:\.\d{1,4})?$/;
/** 81-06.00, 19-7.5, 5-02, 12'10.25, 14'10, 11'. */
const FEET_INCHES = /^(\d{1,3})\s*['-]\s*(\d{1,2})?(?:\.(\d{1,2}))?\s*"?$/;
const POINTS = /^\d{1,5}$/;

/**
 * Feet and inches in metres, cut (not rounded) to the centimetre as World Athletics records a
 * distance: 81-06.00 is 24.8412 m, "24.84". Whole arithmetic in hundredths of an inch (2.54 cm
 * exactly), so no binary fraction moves a mark across a centimetre. Null when not feet-inches.
 */
export function feetInchesToMetres(text: string): string | null {
  const match = FEET_INCHES.exec(text.trim());
  if (!match) return null;
  const inches = Number(match[2] ?? 0);
  const hundredths = Number(((match[3] ?? '') + '00').slice(0, 2));
  if (inches > 11) return null;
  const totalHundredths = (Number(match[1]) * 12 + inches) * 100 + hundredths;
  const centimetres = Math.floor((totalHundredths * 254) / 10000);
  return `${Math.floor(centimetres / 100)}.${String(centimetres % 100).padStart(2, '0')}`;
}

export type ReadMark = { ok: true; value: string | null } | { ok: false; reason: string };

/**
 * A result or seed mark as Rith shows it: a time as written, a distance in metres with two
 * decimals when it was feet-inches (as written when metric), points as written, a code as
 * Rith spells it; null when blank.
 */
export function readMark(raw: string, kind: MarkKind | null): ReadMark {
  const text = raw.trim();
  if (text === '') return { ok: true, value: null };
  const code = resultCode(text);
  if (code !== null) return { ok: true, value: code };
  const feet = feetInchesToMetres(text);
  switch (kind) {
    case 'time':
      if (TIME.test(text)) return { ok: true, value: text };
      return { ok: false, reason: `'${text}' is not a time` };
    case 'distance':
      if (feet !== null) return { ok: true, value: feet };
      // A plain decimal is metres whatever the units flag says: English marks have a dash.
      if (METRES.test(text)) return { ok: true, value: text };
      return { ok: false, reason: `'${text}' is not a distance (metres or feet-inches)` };
    case 'points':
      if (POINTS.test(text)) return { ok: true, value: text };
      return { ok: false, reason: `'${text}' is not a points score` };
    default:
      // An event code Rith does not know: the mark's shape says what it is.
      if (feet !== null) return { ok: true, value: feet };
      if (TIME.test(text)) return { ok: true, value: text };
      return { ok: false, reason: `'${text}' is neither a time nor a distance` };
  }
}

/** A seed mark that says "none": blank, 0, 0.00, 0-00.00, 0:00.00, NT, NM. */
export function isNoSeed(text: string): boolean {
  const trimmed = text.trim().toUpperCase();
  return trimmed === '' || trimmed === 'NT' || trimmed === 'NM' || /^[0:.'"-]+$/.test(trimmed);
}

/** M/D/YYYY (or MM/DD/YYYY) as an ISO date; null when not a real date. */
export function isoDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** An ISO date as Hy-Tek writes it (M/D/YYYY); '' for none or not a date. */
export function hytekDate(iso: string | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${Number(match[2])}/${Number(match[3])}/${match[1]}` : '';
}
