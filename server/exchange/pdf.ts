import PDFDocument from 'pdfkit';
import type { ResultsPdf } from './pdfDocument.ts';
import { drawEvent } from './pdf/event.ts';
import { resultsPdfFonts } from './pdf/fonts.ts';
import { CONTENT_TOP, PAGE, drawPageFrame, type Pen } from './pdf/page.ts';

export interface RenderOptions {
  /** Leave the page contents uncompressed (tests read the text in them). Default true. */
  compress?: boolean;
  /** The document's CreationDate: fixed, the same data gives the same bytes. Default now. */
  createdAt?: Date;
}

/**
 * The official results as a PDF: A4 portrait, the competition at the top of every page and
 * "Made with Rith", the time it was made and "Page N of M" at the bottom, then each event,
 * its status (OFFICIAL or PROVISIONAL), its table and its notes.
 */
export function renderResultsPdf(pdf: ResultsPdf, options: RenderOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    compress: options.compress ?? true,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `${pdf.competition.name} — Results`,
      Author: 'Rith',
      Creator: 'Rith',
      Producer: 'Rith',
      ...(options.createdAt ? { CreationDate: options.createdAt } : {}),
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  try {
    const pen: Pen = { doc, fonts: resultsPdfFonts(doc), y: CONTENT_TOP };
    for (const event of pdf.events) drawEvent(pen, event);
    const { start, count } = doc.bufferedPageRange();
    for (let page = start; page < start + count; page++) {
      doc.switchToPage(page);
      drawPageFrame(pen, pdf, page - start + 1, count);
    }
    doc.end();
  } catch (error) {
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
  }
  return done;
}
