import type { JsonPath } from './json.ts';

/**
 * Typed reading of OpenTrack's JSON: each value checked where it is read, and a value of the
 * wrong kind stops the file with its path ("events[3].units[0].results[2]: performance is
 * not text"). Absent and null values are simply not there.
 */

export type Json = Record<string, unknown>;

/** Thrown inside the reader; readOpenTrack turns it into a failure naming the path and line. */
export class Unreadable extends Error {
  constructor(
    readonly path: JsonPath,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function recordAt(value: unknown, path: JsonPath): Json {
  if (!isRecord(value)) throw new Unreadable(path, 'is not an object');
  return value;
}

/** A list member; absent or null is an empty list. */
export function listOf(record: Json, key: string, path: JsonPath): unknown[] {
  const value = record[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Unreadable(path, `${key} is not a list`);
  return value;
}

/** Text, trimmed; a number is read as its digits. Blank is null. */
export function textOf(record: Json, key: string, path: JsonPath): string | null {
  const value = record[key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') throw new Unreadable(path, `${key} is not text`);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A number, or digits written as text ("2" for a round count). */
export function numberOf(record: Json, key: string, path: JsonPath): number | null {
  const value = record[key];
  if (value === undefined || value === null || value === '') return null;
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new Unreadable(path, `${key} is not a number`);
  }
  return number;
}
