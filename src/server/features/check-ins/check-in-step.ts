import { CHECK_IN_TYPE } from '../../../shared/constants';
import { localDay } from '../../../shared/dates';
import { formatHundredths } from '../../../shared/money';
import type { Db } from '../../db/types';
import { conflict, fieldError } from '../../errors/domain-errors';
import { bookedAt } from '../transactions/booked-at';
import { fieldNamed, ledgerStep, type StepBy } from '../transactions/ledger';
import { keptCheckInDay } from './check-in-days';

export interface CheckInRequest {
  customerId: number;
  casinoId: number;
  unplayedCoins: number;
  /** The office day (YYYY-MM-DD); today when left out. */
  date?: string;
  /** Confirms a second check-in for the same link and day: the day's SC becomes `unplayedCoins`. */
  correction?: boolean;
}

/**
 * Records a check-in (decisions 060, 061): a transaction of the casino's "Check-in" type (created when
 * missing) with the SC typed, played coins and USD 0; the ledger's write path keeps the link's day row,
 * the streaks and the link's last check-in in the same SQLite transaction, as for a check-in written
 * any other way. A second one for the same link and day is a 409 unless `correction` confirms it; a
 * correction sets the day's SC to the amount typed, booking the difference as one more Check-in entry
 * (nothing is edited or deleted; decision 098).
 */
export function recordCheckIn(db: Db, input: CheckInRequest, { userId, timeZone, now = new Date() }: StepBy) {
  return ledgerStep(db, { userId, now, fields: fieldNamed('unplayedCoins') }, (step) => {
    const { customerId, casinoId, unplayedCoins } = input;
    const day = input.date ?? localDay(now, timeZone);
    const stamp = bookedAt('date', day, now, timeZone);
    const existing = keptCheckInDay(step.sqlite, customerId, casinoId, day);
    if (existing && !input.correction)
      throw conflict(
        `Already checked in on ${day} (${formatHundredths(existing.unplayedCoins)} SC); confirm to correct the day's SC to ${formatHundredths(unplayedCoins)}`,
      );
    if (existing && existing.unplayedCoins === unplayedCoins)
      throw fieldError('unplayedCoins', `The SC of ${day} is already ${formatHundredths(unplayedCoins)}: type the corrected amount`);
    if (!step.statements.casino.get({ id: casinoId })) throw fieldError('casinoId', 'Casino not found');
    const transactionTypeId = step.typeNamed(casinoId, CHECK_IN_TYPE);
    // A correction books what the day's SC lacks (or has too much): the day's check-ins then add up to the amount typed.
    const change = unplayedCoins - (existing?.unplayedCoins ?? 0);
    const transactionId = step.record(
      { customerId, casinoId, transactionTypeId, unplayedCoinsChange: change, playedCoinsChange: 0, usdChange: 0 },
      stamp,
      { action: 'check-in' },
    );
    // The ledger's write path kept the day's row, its streak and the link's last check-in (decision 061).
    const streak = keptCheckInDay(step.sqlite, customerId, casinoId, day)?.streak ?? 0;
    step.audit({
      action: existing ? 'check-in-correction' : 'check-in',
      entity: 'checkIn',
      entityId: transactionId,
      ...(existing ? { before: { customerId, casinoId, day, unplayedCoins: formatHundredths(existing.unplayedCoins) } } : {}),
      after: { customerId, casinoId, day, unplayedCoins: formatHundredths(unplayedCoins), streak },
    });
    return { transactionId, day, streak };
  });
}
