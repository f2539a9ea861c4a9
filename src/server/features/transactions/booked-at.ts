import { dayStartUtc, localDay, nextDay } from '../../../shared/dates';
import { fieldError } from '../../trpc/errors';

/**
 * The one rule for when a step of a redemption or a check-in is booked (decision 060): without a
 * date, now; a day (YYYY-MM-DD, office time zone) that is today, now; an earlier day, its last second;
 * an instant with its zone, that instant. Never in the future, never before `notBefore`. The entry
 * is then placed in (date, id) order by the ledger (ledgerStep.record), the later after-values
 * recomputed, as dated entries are.
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
  if (stamp > nowIso) throw fieldError(field, 'Must not be in the future');
  if (notBefore !== undefined && stamp < notBefore) throw fieldError(field, `Must not be before the request (${notBefore.slice(0, 10)})`);
  return stamp;
}
