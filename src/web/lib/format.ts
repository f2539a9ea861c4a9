import { formatGrouped, formatSignedGrouped, toHundredths } from '../../shared/money';
import { clockText, formatInstant, formatInstantDay } from '../../shared/display';

/** "15000.00" -> "15,000.00" for display. */
export const groupedAmount = (decimal: string) => formatGrouped(toHundredths(decimal));

/** Signed USD display with thousands separators: "+1,012.50" / "-3.00" (one number format everywhere). */
export const signedUsd = (decimal: string) => formatSignedGrouped(toHundredths(decimal));

/** Dates and counts are written one way everywhere (src/shared/display.ts, decision 115). */
export { formatCount, formatDay, formatSignedUsd } from '../../shared/display';

/** "Nov 25, 2026, 2:05 PM" in the browser's zone. */
export const formatDateTime = (iso: string) => formatInstant(iso);
/** "Nov 25, 2026": the instant's day in the browser's zone. */
export const formatDate = (iso: string) => formatInstantDay(iso);
/** "2:05 PM" in the browser's zone. */
export const formatTime = (iso: string) => {
  const d = new Date(iso);
  return clockText(d.getHours(), d.getMinutes());
};
