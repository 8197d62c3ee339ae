/**
 * The fonts of the results PDF, chosen in one place so that they can be swapped.
 *
 * No font file ships with a production dependency, so the PDF uses PDF's built-in Helvetica,
 * which only prints WinAnsi (Latin-1, plus Š š Ž ž Œ œ Ÿ ƒ and typographic signs). Any other
 * character is brought to its closest ASCII letter: "Łukasz Żak" prints "Lukasz Zak". To print
 * every name as written, register a TrueType font (one that covers Latin Extended, Greek and
 * Cyrillic) here and make `printable` the identity.
 */
export interface PdfFonts {
  regular: string;
  bold: string;
  /** The text as these fonts can print it. */
  printable: (text: string) => string;
}

export function resultsPdfFonts(): PdfFonts {
  return { regular: 'Helvetica', bold: 'Helvetica-Bold', printable: toWinAnsi };
}

/** The characters of Windows-1252 above Latin-1's ASCII part that are not Latin-1 itself. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Letters that NFD does not take apart, and signs with a plain twin. */
const CLOSEST: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  Ŋ: 'N',
  ŋ: 'n',
  ſ: 's',
  Ə: 'E',
  ə: 'e',
  Ɗ: 'D',
  ɗ: 'd',
  Ƙ: 'K',
  ƙ: 'k',
  Ș: 'S',
  ș: 's',
  Ț: 'T',
  ț: 't',
  '\u2212': '-', // minus sign
  '\u2010': '-',
  '\u2011': '-',
  '\u2032': "'",
  '\u2033': '"',
};

function printsInWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)
  );
}

/**
 * Text as Helvetica can print it: a character outside WinAnsi becomes its letter without
 * accents (NFD, combining marks dropped), a letter of CLOSEST, a space for any space, or '?'
 * (Greek, Cyrillic, CJK...).
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (printsInWinAnsi(char)) out += char;
    else if (/\s/u.test(char)) out += ' ';
    else if (CLOSEST[char] !== undefined) out += CLOSEST[char];
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      // A lone combining mark goes; a letter with none that prints becomes '?'.
      out += [...bare].every(printsInWinAnsi) ? bare : '?';
    }
  }
  return out;
}
