import type { ResultsPdf } from '../pdfDocument.ts';
import type { PdfFonts } from './fonts.ts';

/** A4 portrait, in points, with 40 pt margins. */
export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
export const LEFT = PAGE.margin;
export const RIGHT = PAGE.width - PAGE.margin;
/** Where an event's content may start and must end: the running head and foot are outside. */
export const CONTENT_TOP = PAGE.margin + 44;
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 22;

export const BLACK = '#000000';
/** The rules and the zebra stripes: light, so that the page stays black on white. */
export const RULE = '#8c8c8c';
export const STRIPE = '#efefef';

/** The document being drawn, its fonts, and where the next line goes. */
export interface Pen {
  doc: PDFKit.PDFDocument;
  fonts: PdfFonts;
  y: number;
}

export interface Put {
  font: 'regular' | 'bold';
  size: number;
  /** The room the text has: longer text ends with an ellipsis. */
  width?: number;
  align?: 'left' | 'right';
  color?: string;
}

/**
 * Writes one line of text with the top of its capitals at y, never wrapping (pdfkit's wrapping
 * adds pages on its own): within `width` when given, cut short with an ellipsis, on the right of
 * it if asked.
 */
export function put(pen: Pen, text: string, x: number, y: number, how: Put): number {
  const { doc, fonts } = pen;
  doc.font(how.font === 'bold' ? fonts.bold : fonts.regular).fontSize(how.size);
  const shown = how.width === undefined ? fonts.printable(text) : fit(pen, text, how.width);
  const width = doc.widthOfString(shown);
  const left = how.align === 'right' && how.width !== undefined ? x + how.width - width : x;
  const top = y - fonts.capitalsDrop * how.size;
  doc.fillColor(how.color ?? BLACK).text(shown, left, top, { lineBreak: false });
  return width;
}

/** The text, cut short with an ellipsis to fit the width in the current font. */
export function fit(pen: Pen, text: string, width: number): string {
  const { doc } = pen;
  const printable = pen.fonts.printable(text);
  // A hair of slack: the widths come from the same sums, rounded differently.
  const room = width + 0.01;
  if (doc.widthOfString(printable) <= room) return printable;
  const chars = [...printable];
  let low = 0;
  let high = chars.length;
  // The longest start that fits with the ellipsis.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${chars.slice(0, mid).join('').trimEnd()}…`) <= room) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '' : `${chars.slice(0, low).join('').trimEnd()}…`;
}

/** Width of the text in the given font and size. */
export function measure(pen: Pen, text: string, font: 'regular' | 'bold', size: number): number {
  const { doc, fonts } = pen;
  doc.font(font === 'bold' ? fonts.bold : fonts.regular).fontSize(size);
  return doc.widthOfString(fonts.printable(text));
}

export function rule(pen: Pen, y: number, width = 0.5, color = RULE): void {
  pen.doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();
}

/**
 * The running head (competition, date, venue, club) and foot ("Made with Rith", page N of M)
 * of one page: written on every page once all are laid out, when their number is known.
 */
export function drawPageFrame(pen: Pen, pdf: ResultsPdf, page: number, pages: number): void {
  const { competition } = pdf;
  const top = PAGE.margin;
  put(pen, competition.name, LEFT, top, { font: 'bold', size: 13, width: RIGHT - LEFT });
  const about = [competition.date, competition.venue, competition.club].filter(
    (part): part is string => Boolean(part),
  );
  put(pen, about.join('  ·  '), LEFT, top + 18, { font: 'regular', size: 9, width: RIGHT - LEFT });
  rule(pen, top + 33, 0.75, BLACK);

  const foot = PAGE.height - PAGE.margin - 10;
  rule(pen, foot - 5);
  const pageLabel = `Page ${page} of ${pages}`;
  const pageWidth = measure(pen, pageLabel, 'regular', 8);
  put(pen, pageLabel, RIGHT - pageWidth, foot, { font: 'regular', size: 8 });
  put(pen, `Made with Rith · ${pdf.madeAt}`, LEFT, foot, {
    font: 'regular',
    size: 8,
    width: RIGHT - LEFT - pageWidth - 12,
  });
}
