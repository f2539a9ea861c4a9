import { CHECK_IN_TYPE } from '../../../shared/constants';
import { localDay, nextDay, previousDay } from '../../../shared/dates';
import { formatHundredths } from '../../../shared/money';
import type { RecordedCheckIn } from '../../../shared/schemas/check-ins';
import type { Db } from '../../db/types';
import { conflict, fieldError } from '../../errors/domain-errors';
import { bookedAt } from '../transactions/booked-at';
import { ledgerStep } from '../transactions/ledger';
import { checkInStatements } from './check-in-statements';

export interface CheckInRequest {
  customerId: number;
  casinoId: number;
  unplayedCoins: number;
  /** The office day (YYYY-MM-DD); today when left out. */
  date?: string;
  /** Confirms a second check-in for the same link and day. */
  correction?: boolean;
}

/**
 * Records a check-in (decision 060): a transaction of the casino's "Check-in" type (created when
 * missing) with the SC typed, played coins and USD 0, and, in the same SQLite transaction, the link's
 * day row (count, SC, latest time and who, streak), the streaks of the days that follow it, and the
 * link's last check-in day and streak. A second one for the same link and day is a 409 unless
 * `correction` confirms it.
 */
export function recordCheckIn(db: Db, input: CheckInRequest, userId: number, timeZone: string, now = new Date()): Promise<RecordedCheckIn> {
  return ledgerStep(db, userId, (step) => {
    const { customerId, casinoId, unplayedCoins } = input;
    const day = input.date ?? localDay(now, timeZone);
    const stamp = bookedAt('date', day, now, timeZone);
    const c = checkInStatements(step.sqlite);
    const existing = c.day.get(customerId, casinoId, day);
    if (existing && !input.correction) throw conflict(`Already checked in on ${day} (${formatHundredths(existing.unplayedCoins)} SC); confirm to record a correction`);
    if (!step.statements.casino.get(casinoId)) throw fieldError('casinoId', 'Casino not found');
    const transactionTypeId = step.typeNamed(casinoId, CHECK_IN_TYPE);
    const transactionId = step.record(
      { customerId, casinoId, transactionTypeId, unplayedCoinsChange: unplayedCoins, playedCoinsChange: 0, usdChange: 0 },
      stamp,
      { action: 'check-in' },
    );
    let streak: number;
    if (existing) {
      c.addToDay.run(unplayedCoins, transactionId, stamp, userId, customerId, casinoId, day);
      streak = existing.streak;
    } else {
      streak = (c.day.get(customerId, casinoId, previousDay(day))?.streak ?? 0) + 1;
      c.insert.run({ customerId, casinoId, day, count: 1, unplayedCoins, transactionId, at: stamp, byUserId: userId, streak });
      // A day filled in behind later ones joins their run: renumber the run that follows (bounded by its length).
      let next = streak;
      for (let d = nextDay(day); c.day.get(customerId, casinoId, d); d = nextDay(d)) c.setStreak.run(++next, customerId, casinoId, d);
    }
    const latest = c.latest.get(customerId, casinoId);
    if (latest) c.markLink.run(latest.day, latest.at, latest.streak, customerId, casinoId);
    step.audit({
      action: existing ? 'check-in-correction' : 'check-in',
      entity: 'checkIn',
      entityId: transactionId,
      after: { customerId, casinoId, day, unplayedCoins: formatHundredths(unplayedCoins), streak },
    });
    return { transactionId, day, streak };
  }, now);
}
