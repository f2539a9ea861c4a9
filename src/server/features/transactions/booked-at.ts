import { dayStartUtc, localDay, nextDay } from '../../../shared/dates';
import { fieldError } from '../../errors/domain-errors';

/**
 * The one rule for when a step of a redemption or a check-in is booked (decision 060): without a
 * date, now; a day (YYYY-MM-DD, office time zone) that is today, now; an earlier day, its last second;
 * an instant (already checked by the shared `occurredAt` rule of dated entries, decision 050), that
 * instant. Never a later day, never before `notBefore`. The entry is then booked through the dated-entry
 * path (insertEntry with its date), placed in (date, id) order with the later after-values recomputed.
 */
export function bookedAt(field: string, value: string | undefined, now: Date, timeZone: string, notBefore?: string): string {
  const nowIso = now.toISOString();
  let stamp: string;
  if (value === undefined) stamp = nowIso;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const today = localDay(now, timeZone);
    if (value > today) throw fieldError(field, 'Must not be in the future');
    stamp = value === today ? nowIso : new Date(Date.parse(dayStartUtc(nextDay(value), timeZone)) - 1000).toISOString();
  } else stamp = new Date(value).toISOString();
  if (notBefore !== undefined && stamp < notBefore) throw fieldError(field, `Must not be before the request (${notBefore.slice(0, 10)})`);
  return stamp;
}
