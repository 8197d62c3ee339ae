import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fontCodePoints } from './cmap.ts';

/**
 * The fonts of the results PDF, chosen in one place so that they can be swapped.
 *
 * DejaVu Sans Condensed (the dejavu-fonts-ttf package), narrow enough for a table, embedded
 * (only the glyphs used): it prints names as written in Latin with any accents, Greek,
 * Cyrillic, and more. A character it has no glyph for (CJK, most emoji) prints '?', never an
 * empty box.
 */
export interface PdfFonts {
  regular: string;
  bold: string;
  /** The text as these fonts can print it. */
  printable: (text: string) => string;
  /**
   * How far below the y it is given pdfkit puts the top of the capitals, per point of font
   * size (the font's ascent, which leaves room for accents on capitals, less the capitals'
   * height): put() raises text by as much, so that its capitals start at y.
   */
  capitalsDrop: number;
}

interface FontFiles {
  regular: Buffer;
  bold: Buffer;
  /** The characters both fonts have a glyph for. */
  covered: ReadonlySet<number>;
}

/** The font files, read once per process, on the first PDF. */
let files: FontFiles | undefined;

function fontFiles(): FontFiles {
  if (!files) {
    // The package in node_modules, found from this module's file whether it is the source or
    // the bundle in dist/.
    const require = createRequire(import.meta.url);
    const read = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    const regular = read('DejaVuSansCondensed.ttf');
    const bold = read('DejaVuSansCondensed-Bold.ttf');
    const inBold = fontCodePoints(bold);
    const covered = new Set([...fontCodePoints(regular)].filter((code) => inBold.has(code)));
    files = { regular, bold, covered };
  }
  return files;
}

/** The fonts, registered in the document under the names returned. */
export function resultsPdfFonts(doc: PDFKit.PDFDocument): PdfFonts {
  const { regular, bold, covered } = fontFiles();
  doc.registerFont('Rith', regular).registerFont('Rith-Bold', bold);
  return {
    regular: 'Rith',
    bold: 'Rith-Bold',
    printable: (text) => printable(text, covered),
    // Both fonts: ascent 1901, capitals 1493 high (H, Ł), in 2048 units to the em.
    capitalsDrop: (1901 - 1493) / 2048,
  };
}

/**
 * The text (composed, NFC) with each character the fonts have; for the others, a space for
 * a space, nothing for a mark or an invisible format character, '?' for the rest.
 */
function printable(text: string, covered: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (covered.has(char.codePointAt(0) ?? 0)) out += char;
    else if (/\s/u.test(char)) out += ' ';
    else if (!/[\p{M}\p{Default_Ignorable_Code_Point}]/u.test(char)) out += '?';
  }
  return out;
}
