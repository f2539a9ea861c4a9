import { formatGrouped, formatSignedGrouped, toHundredths } from '../../shared/money';

/** "15000.00" -> "15,000.00" for display. */
export const groupedAmount = (decimal: string) => formatGrouped(toHundredths(decimal));

/** Signed USD display with thousands separators: "+1,012.50" / "-3.00" (one number format everywhere). */
export const signedUsd = (decimal: string) => formatSignedGrouped(toHundredths(decimal));

const counts = new Intl.NumberFormat('en-US');
/** A count with thousands separators: 3000 -> "3,000". */
export const formatCount = (n: number) => counts.format(n);

const dateTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** The date and time of an instant in the browser's zone, as "YYYY-MM-DD HH:mm" (exports). */
export function isoLocalMinute(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Today as YYYY-MM-DD in the browser's zone (export file names). */
export function todayStamp(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** "Name, or email when no name": the one rule is shared (src/shared/names.ts). */
export { nameOrEmail as fullNameOrEmail } from '../../shared/names';
