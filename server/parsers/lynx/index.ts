// FinishLynx and FieldLynx files: pure parsers, bytes in and a ParseResult out, never throwing.
export { parseEvt } from './evt.ts';
export { parseLff } from './lff.ts';
export { parseLif } from './lif.ts';
export { parsePpl } from './ppl.ts';
export { parseSch } from './sch.ts';
export { decodeText, readCsvLines } from '../../../shared/parsers/text.ts';
export type { CsvLine } from '../../../shared/parsers/text.ts';
