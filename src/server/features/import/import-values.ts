import { offsetMs } from '../../../shared/dates';
import { type z } from 'zod';
import { hundredths, instantProblem, nameField } from '../../../shared/schemas/common';
import type { ImportCell } from './import-file';

/** A check's outcome for one cell: the value, or the message that refuses it. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const first = (error: z.ZodError): string => error.issues[0]?.message ?? 'Invalid value';
export const bySchema =
  <T>(schema: z.ZodType<T, unknown>) =>
  (input: unknown): Checked<T> => {
    const parsed = schema.safeParse(input);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: first(parsed.error) };
  };

/** The typed entry's own schemas (shared with the forms): strict numbers with at most two decimals. */
export const checkUnplayed = bySchema(hundredths('Unplayed coins change is required'));
export const checkPlayed = bySchema(hundredths('Played coins change is required'));
export const checkUsd = bySchema(hundredths('USD change is required'));
const customerName = bySchema(nameField('Customer is required', 200));
const casinoName = bySchema(nameField('Casino is required', 200));
const typeName = bySchema(nameField('Transaction type is required', 100));
export const checkCustomerName = (cell: ImportCell) => customerName(asText(cell));
export const checkCasinoName = (cell: ImportCell) => casinoName(asText(cell));
export const checkTypeName = (cell: ImportCell) => typeName(asText(cell));
/** An amount cell: numbers as the spreadsheet holds them, text exactly as written. */
export const amountInput = (cell: ImportCell): unknown => (cell instanceof Date ? 'date' : (cell ?? ''));

/** Text of a name cell: a number written as a name is its digits; a date is not a name. */
export function asText(cell: ImportCell): string | undefined {
  if (cell === null) return undefined;
  if (cell instanceof Date) return '\u0000';
  return unneutralise(String(cell));
}

/**
 * The product's exports put an apostrophe before text a spreadsheet could read as a formula (decision
 * 022); the import takes it off again, so an exported "-Bob" comes back as "-Bob".
 */
export const unneutralise = (text: string) => (/^'[\s;,|"']*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^'[\t\r\n]/.test(text) ? text.slice(1) : text);

/**
 * UTC milliseconds of a wall-clock time in `timeZone` (given as milliseconds whose UTC fields are the
 * local ones). The zone's offset is looked up once per quarter hour of local time (zones change offset
 * on quarter hours), so a file of 100,000 rows costs a few thousand lookups.
 */
export function fromWallClock(timeZone: string): (local: number) => number {
  const offsetAt = (at: number) => offsetMs(at, timeZone);
  const shifts = new Map<number, number>();
  return (local) => {
    const quarter = Math.floor(local / 900_000);
    let shift = shifts.get(quarter);
    if (shift === undefined) {
      const base = quarter * 900_000;
      let at = base - offsetAt(base);
      const second = offsetAt(at);
      if (base - second !== at) at = base - second;
      shifts.set(quarter, (shift = at - base));
    }
    return local + shift;
  };
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
const DATE_FORMAT = 'Must be a date and time (YYYY-MM-DD HH:MM, office time, or ISO 8601 with a zone)';

/**
 * A date cell -> ISO UTC. xlsx date cells and text without a zone are office time (as the exports write
 * them); text with a zone (Z, +01:00) is that instant. Other layouts (11/20/2026) are refused, never guessed.
 */
export function dateChecker(timeZone: string, now = Date.now()): (cell: ImportCell) => Checked<string> {
  const toUtc = fromWallClock(timeZone);
  const instant = (ms: number): Checked<string> => {
    const iso = new Date(ms).toISOString();
    const problem = instantProblem(iso, now);
    return problem ? { ok: false, message: problem } : { ok: true, value: iso };
  };
  return (cell) => {
    if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return { ok: false, message: 'Date is required' };
    if (cell instanceof Date)
      return Number.isNaN(cell.getTime()) ? { ok: false, message: 'Must be a real date' } : instant(toUtc(cell.getTime()));
    if (typeof cell === 'number') return { ok: false, message: DATE_FORMAT };
    const text = cell.trim();
    const m = LOCAL.exec(text);
    if (!m) {
      if (!/[zZ]$|[+-]\d{2}:\d{2}$/.test(text)) return { ok: false, message: DATE_FORMAT };
      const problem = instantProblem(text, now);
      return problem
        ? { ok: false, message: problem === 'Must be a date and time (ISO 8601 with a time zone)' ? DATE_FORMAT : problem }
        : { ok: true, value: new Date(text).toISOString() };
    }
    const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1, 7).map((part) => Number(part ?? 0));
    const ms = Number((m[7] ?? '0').padEnd(3, '0'));
    const local = Date.UTC(y, mo - 1, d, h, mi, s, ms);
    const back = new Date(local);
    if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
      return { ok: false, message: 'Must be a real date' };
    return instant(toUtc(local));
  };
}
