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
