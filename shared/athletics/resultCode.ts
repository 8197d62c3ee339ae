export type ResultCode = 'DNS' | 'DNF' | 'DQ' | 'NM' | 'r';

const codes: Record<string, ResultCode> = {
  DNS: 'DNS',
  // A performance of NT ("no time") is shown as did not start.
  NT: 'DNS',
  DNF: 'DNF',
  DQ: 'DQ',
  DSQ: 'DQ',
  NM: 'NM',
  // World Athletics writes retired in lower case.
  R: 'r',
};

/** The World Athletics spelling of a result code, or null when the text is not one. */
export function normalizeResultCode(text: string | null | undefined): ResultCode | null {
  return codes[(text ?? '').trim().toUpperCase()] ?? null;
}
