import type { CsvLine } from '../../../shared/parsers/text.ts';
import { reject } from './failure.ts';

/**
 * Reads one line's cells by column name. Rows have variable length, so a missing trailing
 * cell reads as blank; every value is trimmed because FinishLynx pads some columns.
 */
export class Cells<Column extends string> {
  constructor(
    readonly line: CsvLine,
    // Typed loosely so a reader of a wider row can be used where fewer columns are needed.
    private readonly columns: readonly string[],
  ) {}

  get(column: Column): string {
    return (this.line.fields[this.columns.indexOf(column)] ?? '').trim();
  }

  /** Blank as null: how the athlete row says "not given". */
  optional(column: Column): string | null {
    const value = this.get(column);
    return value === '' ? null : value;
  }

  /** The cells after the named columns (attempts, bar heights), trimmed. */
  rest(): string[] {
    return this.line.fields.slice(this.columns.length).map((cell) => cell.trim());
  }

  reject(column: Column, expected: string, value = this.get(column)): never {
    return reject(
      `expected ${expected} in column ${column}, got '${value}'`,
      this.line.line,
      column,
    );
  }
}

/** FinishLynx writes 0 for "no bib" and "no lane". */
export function noneIfZero(value: string | null): string | null {
  return value === null || /^0+$/.test(value) ? null : value;
}
