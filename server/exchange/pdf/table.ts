import type { ResultsPdfEvent, ResultsPdfRow } from '../pdfDocument.ts';
import { LEFT, RIGHT, measure, type Pen } from './page.ts';

export type ColumnKey = 'place' | 'bib' | 'name' | 'club' | 'mark' | 'wind' | 'codes';

export interface Column {
  key: ColumnKey;
  label: string;
  /** Left edge of the cell; its text sits PAD inside. */
  x: number;
  width: number;
  align: 'left' | 'right';
}

/** The room between a cell's edge and its text. */
export const PAD = 4;
export const SIZE = { cell: 9, head: 8, trial: 8, note: 7.5 } as const;
export const ROW = 14;
export const TRIAL_LINE = 11;

interface Spec {
  key: ColumnKey;
  label: string;
  align: 'left' | 'right';
  /** Widest the column grows to fit its longest cell; name and club share what is left. */
  max: number;
}

const SPECS: Spec[] = [
  { key: 'place', label: 'Place', align: 'right', max: 34 },
  { key: 'bib', label: 'Bib', align: 'right', max: 44 },
  { key: 'name', label: 'Name', align: 'left', max: Infinity },
  { key: 'club', label: 'Club', align: 'left', max: Infinity },
  { key: 'mark', label: 'Mark', align: 'right', max: 72 },
  { key: 'wind', label: 'Wind', align: 'right', max: 44 },
  { key: 'codes', label: 'Codes', align: 'left', max: 84 },
];

/** The marks print in bold: the column that matters. */
export const cellFont = (key: ColumnKey): 'regular' | 'bold' =>
  key === 'mark' ? 'bold' : 'regular';

/**
 * The table's columns across the page: each fixed column as wide as its longest cell (within
 * its cap), the Wind column only when an athlete has a wind, and the name and the club sharing
 * the rest.
 */
export function tableColumns(pen: Pen, event: ResultsPdfEvent): Column[] {
  const specs = SPECS.filter((spec) => spec.key !== 'wind' || event.rows.some((row) => row.wind));
  const natural = (spec: Spec): number => {
    let widest = measure(pen, spec.label, 'bold', SIZE.head);
    for (const row of event.rows) {
      widest = Math.max(widest, measure(pen, row[spec.key], cellFont(spec.key), SIZE.cell));
    }
    return widest + 2 * PAD;
  };
  const widths = new Map<ColumnKey, number>();
  for (const spec of specs) {
    if (spec.max !== Infinity) widths.set(spec.key, Math.ceil(Math.min(natural(spec), spec.max)));
  }
  const fixed = [...widths.values()].reduce((sum, width) => sum + width, 0);
  const rest = RIGHT - LEFT - fixed;
  const nameNeed = natural(SPECS[2]!);
  const clubNeed = natural(SPECS[3]!);
  // Both fit: half each, or more for the one that needs it. Else the name first, to 55 %.
  const name =
    nameNeed + clubNeed <= rest
      ? Math.min(Math.max(nameNeed, rest / 2), rest - clubNeed)
      : Math.min(nameNeed, Math.max(rest * 0.55, rest - clubNeed));
  widths.set('name', name);
  widths.set('club', rest - name);

  let x = LEFT;
  return specs.map((spec) => {
    const width = widths.get(spec.key) ?? 0;
    const column = { key: spec.key, label: spec.label, x, width, align: spec.align };
    x += width;
    return column;
  });
}

/**
 * The trials of an athlete as cells: horizontal jumps and throws their attempts in order
 * (one not yet taken blank), vertical jumps "height attempts" under each height, blank at
 * those the athlete did not jump at. None after the last one.
 */
export function trialCells(event: ResultsPdfEvent, row: ResultsPdfRow): string[] {
  const trials = row.trials ?? [];
  const heights = event.heights ?? [];
  let cells: string[];
  if (event.kind === 'horizontal') cells = trials.map((trial) => trial ?? '');
  else if (event.kind === 'vertical') {
    cells = trials.map((cell, i) => (cell ? `${heights[i] ?? '?'} ${cell}` : ''));
  } else cells = [];
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

/**
 * Where an event's trials go: from the name to the mark, on as many lines as they need, in
 * slots as wide as its widest cell, so that each trial (each height) has its own column.
 */
export interface TrialLayout {
  x: number;
  slot: number;
  perLine: number;
}

export function trialLayout(pen: Pen, event: ResultsPdfEvent, columns: Column[]): TrialLayout {
  const name = columns.find((column) => column.key === 'name');
  const mark = columns.find((column) => column.key === 'mark');
  const x = (name?.x ?? LEFT) + PAD;
  const end = (mark?.x ?? RIGHT) - PAD;
  let widest = 0;
  for (const row of event.rows) {
    for (const cell of trialCells(event, row)) {
      widest = Math.max(widest, measure(pen, cell, 'regular', SIZE.trial));
    }
  }
  const slot = Math.max(event.kind === 'horizontal' ? 34 : 44, Math.ceil(widest + 12));
  return { x, slot, perLine: Math.max(1, Math.floor((end - x + 12) / slot)) };
}

/** The lines of trials the athlete's row holds (none on a track event). */
export function trialLineCount(event: ResultsPdfEvent, row: ResultsPdfRow, layout: TrialLayout) {
  return Math.ceil(trialCells(event, row).length / layout.perLine);
}

export const rowHeight = (lines: number): number => ROW + (lines > 0 ? lines * TRIAL_LINE - 2 : 0);
