import { WITHDRAW_TYPE } from '../../../shared/constants';
import { formatHundredths } from '../../../shared/money';
import type { Db, RedemptionRow } from '../../db/types';
import { conflict, fieldError, notFound } from '../../errors/domain-errors';
import { bookedAt } from '../transactions/booked-at';
import { fieldNamed, type LedgerStep, ledgerStep, type StepBy, type StepRun } from '../transactions/ledger';
import { redemptionStatements } from './redemption-statements';

/**
 * The redemption steps (decision 060), each one write of the one ledger path (one SQLite transaction,
 * audited): the request books the coins out (the casino's Withdraw type, USD 0); receiving books the
 * USD received as a linked Withdraw entry at the received date; a rejection or cancellation books the
 * coins back as a linked reversing entry. Nothing is edited or deleted.
 */

export interface RedemptionRequest {
  customerId: number;
  casinoId: number;
  unplayedCoins: number;
  playedCoins?: number;
  expectedUsd: number;
  note?: string | null;
}

const audited = (
  r: Pick<RedemptionRow, 'customerId' | 'casinoId' | 'status' | 'unplayedCoins' | 'playedCoins' | 'expectedUsd'> & Partial<RedemptionRow>,
) => ({
  customerId: r.customerId,
  casinoId: r.casinoId,
  status: r.status,
  unplayedCoins: formatHundredths(r.unplayedCoins),
  playedCoins: formatHundredths(r.playedCoins),
  expectedUsd: formatHundredths(r.expectedUsd),
  ...(r.usdReceived != null ? { usdReceived: formatHundredths(r.usdReceived), receivedAt: r.receivedAt } : {}),
  ...(r.note ? { note: r.note } : {}),
  ...(r.finishNote ? { finishNote: r.finishNote } : {}),
});

/**
 * Each step's one ledger entry: on the redemption's link, of the casino's Withdraw type (made when the
 * casino has none), with the step's own changes, audit action and stamp.
 */
function recordWithdraw(
  step: LedgerStep,
  link: Pick<RedemptionRow, 'customerId' | 'casinoId'>,
  entry: {
    changes: { unplayedCoinsChange: number; playedCoinsChange: number; usdChange: number };
    stamp: string;
    action: string;
    settles?: boolean;
  },
): number {
  const { changes, stamp, ...options } = entry;
  const transactionTypeId = step.typeNamed(link.casinoId, WITHDRAW_TYPE);
  return step.record({ customerId: link.customerId, casinoId: link.casinoId, transactionTypeId, ...changes }, stamp, options);
}

export function requestRedemption(db: Db, input: RedemptionRequest, userId: number, now = new Date()): Promise<number> {
  // A refusal at the ledger's limit names the request's amounts.
  const fields = { unplayed: 'unplayedCoins', played: 'playedCoins', usd: 'expectedUsd' };
  return ledgerStep(db, { userId, now, fields }, (step) => {
    const { customerId, casinoId, unplayedCoins, expectedUsd } = input;
    const playedCoins = input.playedCoins ?? 0;
    const link = step.statements.link.get(input);
    if (link && unplayedCoins > link.currentUnplayedCoins) {
      throw fieldError('unplayedCoins', `More than the balance: ${formatHundredths(link.currentUnplayedCoins)} unplayed SC`);
    }
    if (link && playedCoins > link.currentPlayedCoins) {
      throw fieldError('playedCoins', `More than the balance: ${formatHundredths(link.currentPlayedCoins)} played SC`);
    }
    // record() checks every reference; the casino first, so its type is only ever made for a real one.
    if (!step.statements.casino.get({ id: casinoId })) throw fieldError('casinoId', 'Casino not found');
    const stamp = now.toISOString();
    const changes = { unplayedCoinsChange: -unplayedCoins, playedCoinsChange: -playedCoins, usdChange: 0 };
    const requestTransactionId = recordWithdraw(step, input, { changes, stamp, action: 'redemption-request' });
    const row = {
      customerId,
      casinoId,
      requestedAt: stamp,
      requestedByUserId: userId,
      unplayedCoins,
      playedCoins,
      expectedUsd,
      note: input.note ?? null,
      requestTransactionId,
    };
    const id = Number(redemptionStatements(step.sqlite).insert.run(row).lastInsertRowid);
    step.audit({
      action: 'request',
      entity: 'redemption',
      entityId: id,
      after: { ...audited({ ...row, status: 'pending' }), requestTransactionId },
    });
    return id;
  });
}

function pendingRedemption(step: LedgerStep, id: number): RedemptionRow {
  const r = redemptionStatements(step.sqlite).get.get({ id });
  if (!r) throw notFound('Redemption not found');
  if (r.status !== 'pending') throw conflict(`This redemption is already ${r.status}`);
  return r;
}

function finish(
  step: LedgerStep,
  before: RedemptionRow,
  change: Partial<RedemptionRow> & Pick<RedemptionRow, 'status'>,
  action: string,
): void {
  const after: RedemptionRow = { ...before, finishedAt: step.now.toISOString(), finishedByUserId: step.userId, ...change };
  redemptionStatements(step.sqlite).finish.run({
    id: after.id,
    status: after.status,
    receivedAt: after.receivedAt,
    usdReceived: after.usdReceived,
    finishedAt: after.finishedAt,
    finishedByUserId: after.finishedByUserId,
    finishNote: after.finishNote,
    receiptTransactionId: after.receiptTransactionId,
    reversalTransactionId: after.reversalTransactionId,
  });
  step.audit({
    action,
    entity: 'redemption',
    entityId: before.id,
    before: audited(before),
    after: { ...audited(after), receiptTransactionId: after.receiptTransactionId, reversalTransactionId: after.reversalTransactionId },
  });
}

/**
 * A step that settles a pending redemption (receive, reject, cancel): one ledger write that books the
 * step's entry and finishes the redemption with the change `book` answers.
 */
function settle(
  db: Db,
  id: number,
  /** Who settles it and when, and the request's field a refusal at the ledger's limit names. */
  run: StepRun,
  book: (step: LedgerStep, r: RedemptionRow) => { change: Partial<RedemptionRow> & Pick<RedemptionRow, 'status'>; action: string },
): Promise<void> {
  return ledgerStep(db, run, (step) => {
    const r = pendingRedemption(step, id);
    const { change, action } = book(step, r);
    finish(step, r, change, action);
  });
}

/** Books the USD received (it may differ from the expected) at `receivedAt` (default now). */
export function receiveRedemption(
  db: Db,
  receipt: { id: number; usdReceived: number; receivedAt?: string },
  { userId, timeZone, now = new Date() }: StepBy,
): Promise<void> {
  const { id, usdReceived, receivedAt } = receipt;
  return settle(db, id, { userId, now, fields: fieldNamed('usdReceived') }, (step, r) => {
    const stamp = bookedAt('receivedAt', receivedAt, now, timeZone, r.requestedAt);
    const changes = { unplayedCoinsChange: 0, playedCoinsChange: 0, usdChange: usdReceived };
    const receiptTransactionId = recordWithdraw(step, r, { changes, stamp, action: 'redemption-receipt', settles: true });
    return { change: { status: 'received', receivedAt: stamp, usdReceived, receiptTransactionId }, action: 'receive' };
  });
}

/** Rejected by the casino or cancelled by the office: the coins go back to the balance, now. */
export function closeRedemption(
  db: Db,
  close: { id: number; status: 'rejected' | 'cancelled'; note: string | null },
  { userId, now = new Date() }: Omit<StepBy, 'timeZone'>,
): Promise<void> {
  const { id, status, note } = close;
  // The request to reject or cancel names only the redemption.
  return settle(db, id, { userId, now, fields: fieldNamed('id') }, (step, r) => {
    const changes = { unplayedCoinsChange: r.unplayedCoins, playedCoinsChange: r.playedCoins, usdChange: 0 };
    const reversalTransactionId = recordWithdraw(step, r, {
      changes,
      stamp: now.toISOString(),
      action: 'redemption-reversal',
      settles: true,
    });
    return { change: { status, finishNote: note, reversalTransactionId }, action: status === 'rejected' ? 'reject' : 'cancel' };
  });
}
