import { z } from 'zod';
import { REDEMPTION_STATUSES, type RedemptionStatus } from '../constants';
import { dayProblem, hundredths, id, instantProblem, optionalText, paging, requiredId } from './common';

const amount = (required: string) => hundredths(required).refine((v) => v >= 0, { error: 'Must be 0 or more' });

/** POST /api/redemptions: coins leave the balance now; the USD is expected later (decision 060). */
export const requestRedemptionInput = z
  .strictObject({
    customerId: requiredId('Customer is required'),
    casinoId: requiredId('Casino is required'),
    unplayedCoins: amount('Unplayed coins are required'),
    playedCoins: amount('Played coins are required').optional(),
    expectedUsd: hundredths('Expected USD is required').refine((v) => v > 0, { error: 'Must be more than 0' }),
    note: optionalText(500).optional(),
  })
  .refine((v) => v.unplayedCoins + (v.playedCoins ?? 0) > 0, { error: 'Enter the coins to redeem', path: ['unplayedCoins'] });

/**
 * When the USD arrived: a day (YYYY-MM-DD, office time zone) or an instant with its zone, checked as
 * dated entries check `occurredAt` (decision 050) and passed on as UTC.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const receivedAtField = z
  .string({ error: 'Must be a date (YYYY-MM-DD) or a date and time with its zone' })
  .transform((value, ctx) => {
    if (DAY.test(value)) {
      const problem = dayProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      return value;
    }
    const problem = instantProblem(value);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message:
          problem === 'Must be a date and time (ISO 8601 with a time zone)'
            ? 'Must be a date (YYYY-MM-DD) or a date and time with its zone'
            : problem,
      });
      return z.NEVER;
    }
    return new Date(value).toISOString();
  });

export const receiveRedemptionInput = z.strictObject({
  id,
  usdReceived: amount('USD received is required'),
  receivedAt: receivedAtField.optional(),
});

/** Reject or cancel: the coins go back to the balance. */
export const finishRedemptionInput = z.strictObject({ id, note: optionalText(500).optional() });

export const REDEMPTIONS_PAGE_SIZE = 50;
export const listRedemptionsInput = z
  .strictObject({
    status: z.enum(REDEMPTION_STATUSES, { error: 'Status must be pending, received, rejected or cancelled' }).optional(),
    customerId: id.optional(),
    casinoId: id.optional(),
    ...paging(500),
  })
  .optional();

export interface RedemptionView {
  id: number;
  customerId: number;
  customerName: string;
  casinoId: number;
  casinoName: string;
  status: RedemptionStatus;
  requestedAt: string;
  /** The office day of the request (the earliest day a receipt may be dated). */
  requestedDay: string;
  /** The office day when this was read (the latest day a receipt may be dated, and its default). */
  officeToday: string;
  requestedBy: string | null;
  unplayedCoins: string;
  playedCoins: string;
  expectedUsd: string;
  note: string | null;
  receivedAt: string | null;
  usdReceived: string | null;
  finishedAt: string | null;
  finishedBy: string | null;
  finishNote: string | null;
  /** Whole days since the request (pending only; null once finished). */
  ageDays: number | null;
  /** Pending for longer than twice its casino's median time to pay. */
  overdue: boolean;
  requestTransactionId: number;
  receiptTransactionId: number | null;
  reversalTransactionId: number | null;
}

/** GET /api/reports/redemptions: one row per casino with redemptions. */
export interface PayoutRow {
  casinoId: number;
  casinoName: string;
  pendingCount: number;
  pendingUsd: string;
  /** Received in the last 180 days, and how many days they took (null without any). */
  receivedCount: number;
  medianDays: number | null;
  p90Days: number | null;
  rejectedCount: number;
}

export const payoutReportInput = z.strictObject({ casinoId: id.optional() }).optional();
