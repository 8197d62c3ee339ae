/**
 * Folding: lower case without accents, so that a name matches its vocabulary however the
 * timing room typed it ("FINAŁ" and "Final", "Hürden" and "Hurden", "chód" and "chod"). Each
 * folded character remembers which character of the original it came from, so that the parts
 * a reader recognised can be cut out of the original name (the base keeps its own letters).
 */

/** Letters that Unicode does not decompose into a base letter plus an accent. */
const undecomposed: Readonly<Record<string, string>> = {
  ł: 'l',
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  // "4×400": the multiplication sign is the relay's x.
  '×': 'x',
  // Dashes and quotes that word processors put in names.
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '’': "'",
  '‘': "'",
  '´': "'",
  '`': "'",
};

const marks = /\p{M}/gu;

/** One character folded: lower case, compatibility forms spelled out ("ª" is "a"), no accents. */
export function foldChar(char: string): string {
  let out = '';
  for (const part of char.toLowerCase().normalize('NFKD').replace(marks, '')) {
    out += undecomposed[part] ?? part;
  }
  return out;
}

/** One code point of the original name and the span of the folded text it became. */
export interface FoldedPoint {
  /** The original code point, lower-cased (what the base keeps). */
  lower: string;
  /** Whether the original was an upper-case letter ("Heat B": a letter that counts). */
  upper: boolean;
  from: number;
  to: number;
}

export interface Folded {
  text: string;
  points: readonly FoldedPoint[];
}

export function fold(original: string): Folded {
  let text = '';
  const points: FoldedPoint[] = [];
  for (const char of original) {
    const folded = foldChar(char);
    const lower = char.toLowerCase();
    points.push({
      lower,
      upper: lower !== char && /\p{Lu}/u.test(char),
      from: text.length,
      to: text.length + folded.length,
    });
    text += folded;
  }
  return { text, points };
}

export const foldText = (text: string): string => fold(text).text;

/**
 * The original, lower-cased, with each code point whose folded text falls in a cut replaced
 * by a space (an accent left on its own after a cut letter goes with it).
 */
export function cutOut(folded: Folded, cuts: readonly { start: number; end: number }[]): string {
  let out = '';
  let previousCut = false;
  for (const point of folded.points) {
    const cut: boolean =
      point.from === point.to
        ? previousCut
        : cuts.some((span) => point.from < span.end && span.start < point.to);
    out += cut ? ' ' : point.lower;
    previousCut = cut;
  }
  return out;
}
