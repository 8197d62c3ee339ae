import type { ParseFailure, ParseWarning } from '../types.ts';
import type { ExchangeMeet } from './model.ts';
import { parseExchange } from './index.ts';

/** An import's file, as the parse sandbox (worker/parseSandbox.ts) takes it. */
export interface ExchangeJob {
  name: string;
  bytes: Uint8Array;
}

export type ExchangeOutput =
  { ok: true; meet: ExchangeMeet; warnings: ParseWarning[] } | { ok: false; error: ParseFailure };

/** What the sandboxed thread runs: never throws, anything unexpected fails the file. */
export function parseExchangeJob({ name, bytes }: ExchangeJob): ExchangeOutput {
  try {
    const r = parseExchange(bytes, name);
    return r.ok ? { ok: true, meet: r.value, warnings: r.warnings } : r;
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'the file could not be read';
    return { ok: false, error: { file: name, reason } };
  }
}
