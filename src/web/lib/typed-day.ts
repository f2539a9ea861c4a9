/**
 * A day as an office user types or pastes it (decision 110). The office writes dates month first,
 * MM/DD/YYYY; a pasted ISO day (2026-11-20) and eight digits typed without separators (11202026) are read
 * too. Anything else is not a day yet: a date field sends nothing until the text is a whole, real day.
 */
import { FIRST_DAY, LAST_DAY } from '../../shared/dates';

export const DAY_INPUT_FORMAT = 'MM/DD/YYYY';
export const PARTIAL_DAY_MESSAGE = 'Enter a full date';
export const UNREAL_DAY_MESSAGE = 'Enter a real date';
export const OUT_OF_RANGE_DAY_MESSAGE = `Enter a date from ${formatTypedDay(FIRST_DAY)} to ${formatTypedDay(LAST_DAY)}`;

export type TypedDay = { kind: 'empty' } | { kind: 'day'; day: string } | { kind: 'partial' | 'unreal'; message: string };

const US = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DIGITS = /^(\d{2})(\d{2})(\d{4})$/;

const pad = (n: number) => String(n).padStart(2, '0');

function dayOf(year: number, month: number, date: number): TypedDay {
  // setUTCFullYear, not Date.UTC, which reads years 0 to 99 as 1900 to 1999.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, date);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== date) {
    return { kind: 'unreal', message: UNREAL_DAY_MESSAGE };
  }
  const day = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(date)}`;
  // The days the server reads (shared/dates.ts); a short year typed as 0026 lands here too.
  if (day < FIRST_DAY || day > LAST_DAY) return { kind: 'unreal', message: OUT_OF_RANGE_DAY_MESSAGE };
  return { kind: 'day', day };
}

/** Reads typed text as a YYYY-MM-DD day, or says why it is not one yet. */
export function parseTypedDay(text: string): TypedDay {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  const us = US.exec(t) ?? DIGITS.exec(t);
  if (us) return dayOf(Number(us[3]), Number(us[1]), Number(us[2]));
  const iso = ISO.exec(t);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return { kind: 'partial', message: PARTIAL_DAY_MESSAGE };
}

/** YYYY-MM-DD -> MM/DD/YYYY (the office's way of writing it); '' for no day. */
export function formatTypedDay(day: string | undefined | null): string {
  if (!day) return '';
  const [y, m, d] = day.split('-');
  return `${m}/${d}/${y}`;
}
