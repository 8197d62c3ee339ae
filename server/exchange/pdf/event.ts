import type { ResultsPdfEvent, ResultsPdfRow } from '../pdfDocument.ts';
import {
  BLACK,
  CONTENT_BOTTOM,
  CONTENT_TOP,
  LEFT,
  RIGHT,
  STRIPE,
  fit,
  measure,
  put,
  rule,
  type Pen,
} from './page.ts';
import {
  PAD,
  ROW,
  SIZE,
  TRIAL_LINE,
  cellFont,
  rowHeight,
  tableColumns,
  trialCells,
  trialLayout,
  trialLineCount,
  type Column,
  type TrialLayout,
} from './table.ts';

/** An event starts on a new page when less than this is left of the current one. */
const ROOM_TO_START = 120;
const HEADING = 34;
const NOTE_LINE = 10;
const AFTER_EVENT = 20;

interface Table {
  event: ResultsPdfEvent;
  columns: Column[];
  trials: TrialLayout;
}

/**
 * One event: its heading, its table and its notes, from pen.y on. A row never splits across
 * pages: a page break repeats the heading, "(continued)", and the table's header.
 */
export function drawEvent(pen: Pen, event: ResultsPdfEvent): void {
  const columns = tableColumns(pen, event);
  const table: Table = { event, columns, trials: trialLayout(pen, event, columns) };
  const heights = event.rows.map((row) => rowHeight(trialLineCount(event, row, table.trials)));
  const start = HEADING + headerHeight(event) + (heights[0] ?? ROW);
  if (pen.y > CONTENT_TOP && pen.y + Math.max(ROOM_TO_START, start) > CONTENT_BOTTOM) newPage(pen);
  drawHeading(pen, event, false);
  drawHeader(pen, table);

  event.rows.forEach((row, i) => {
    const height = heights[i] ?? ROW;
    if (pen.y + height > CONTENT_BOTTOM) {
      newPage(pen);
      drawHeading(pen, event, true);
      drawHeader(pen, table);
    }
    drawRow(pen, table, row, height, i % 2 === 1);
  });
  if (event.rows.length === 0) {
    put(pen, 'No results.', LEFT + PAD, pen.y + 3, { font: 'regular', size: SIZE.cell });
    pen.y += ROW;
  }
  rule(pen, pen.y, 0.75, BLACK);
  pen.y += 4;

  for (const line of event.notes.flatMap((note) => wrap(pen, note, RIGHT - LEFT))) {
    if (pen.y + NOTE_LINE > CONTENT_BOTTOM) {
      newPage(pen);
      drawHeading(pen, event, true);
    }
    put(pen, line, LEFT, pen.y, { font: 'regular', size: SIZE.note });
    pen.y += NOTE_LINE;
  }
  pen.y += AFTER_EVENT;
}

function newPage(pen: Pen): void {
  pen.doc.addPage();
  pen.y = CONTENT_TOP;
}

/** Title and status badge, then the round on the left and the wind and last change on the right. */
function drawHeading(pen: Pen, event: ResultsPdfEvent, continued: boolean): void {
  const top = pen.y;
  const badge = drawBadge(pen, event.status, top);
  const title = continued ? `${event.title} (continued)` : event.title;
  put(pen, title, LEFT, top, { font: 'bold', size: 12, width: RIGHT - LEFT - badge - 12 });

  const about = [event.wind ? `Wind ${event.wind}` : '', event.lastChange ?? '']
    .filter(Boolean)
    .join('     ');
  const aboutWidth = about ? measure(pen, about, 'regular', 9) : 0;
  if (about) put(pen, about, RIGHT - aboutWidth, top + 17, { font: 'regular', size: 9 });
  const room = RIGHT - LEFT - aboutWidth - (about ? 16 : 0);
  put(pen, event.subtitle, LEFT, top + 17, { font: 'regular', size: 9, width: room });
  pen.y = top + (about || event.subtitle ? HEADING : HEADING - 12);
}

/**
 * OFFICIAL in a black frame; PROVISIONAL in white on black, so that a provisional sheet
 * cannot pass for an official one. Returns the badge's width.
 */
function drawBadge(pen: Pen, status: ResultsPdfEvent['status'], top: number): number {
  const { doc } = pen;
  const label = status === 'Official' ? 'OFFICIAL' : 'PROVISIONAL';
  const width = measure(pen, label, 'bold', 9) + 12;
  const x = RIGHT - width;
  if (status === 'Official') {
    doc
      .rect(x, top - 1, width, 15)
      .lineWidth(1)
      .strokeColor(BLACK)
      .stroke();
    put(pen, label, x + 6, top + 2.5, { font: 'bold', size: 9 });
  } else {
    doc
      .rect(x, top - 1, width, 15)
      .fillColor(BLACK)
      .fill();
    put(pen, label, x + 6, top + 2.5, { font: 'bold', size: 9, color: '#ffffff' });
  }
  return width;
}

const headerHeight = (event: ResultsPdfEvent): number =>
  event.kind === 'horizontal' && event.rows.some((row) => row.trials?.length) ? 24 : 15;

/** The column labels, and for horizontal jumps and throws the numbers of the trials. */
function drawHeader(pen: Pen, { event, columns, trials }: Table): void {
  const top = pen.y;
  for (const column of columns) {
    put(pen, column.label, column.x + PAD, top, {
      font: 'bold',
      size: SIZE.head,
      width: column.width - 2 * PAD,
      align: column.align,
    });
  }
  const height = headerHeight(event);
  if (height > 15) {
    const count = Math.max(...event.rows.map((row) => trialCells(event, row).length));
    for (let i = 0; i < Math.min(count, trials.perLine); i++) {
      const x = trials.x + i * trials.slot;
      put(pen, String(i + 1), x, top + 10, { font: 'regular', size: 7 });
    }
  }
  rule(pen, top + height - 3, 0.75, BLACK);
  pen.y = top + height;
}

function drawRow(pen: Pen, table: Table, row: ResultsPdfRow, height: number, stripe: boolean) {
  const { doc } = pen;
  const top = pen.y;
  if (stripe)
    doc
      .rect(LEFT, top, RIGHT - LEFT, height)
      .fillColor(STRIPE)
      .fill();
  for (const column of table.columns) {
    put(pen, row[column.key], column.x + PAD, top + 3, {
      font: cellFont(column.key),
      size: SIZE.cell,
      width: column.width - 2 * PAD,
      align: column.align,
    });
  }
  const { x, slot, perLine } = table.trials;
  trialCells(table.event, row).forEach((cell, i) => {
    const line = Math.floor(i / perLine);
    const cellX = x + (i % perLine) * slot;
    put(pen, cell, cellX, top + ROW - 1 + line * TRIAL_LINE, {
      font: 'regular',
      size: SIZE.trial,
      width: slot - 4,
    });
  });
  pen.y = top + height;
}

/** The note in lines that fit the width, broken between words (a word too long is cut). */
function wrap(pen: Pen, note: string, width: number): string[] {
  pen.doc.font(pen.fonts.regular).fontSize(SIZE.note);
  const lines: string[] = [];
  let line = '';
  for (const word of note.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || pen.doc.widthOfString(pen.fonts.printable(candidate)) <= width) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.map((text) => fit(pen, text, width));
}
