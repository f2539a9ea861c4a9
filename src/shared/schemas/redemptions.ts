import { z } from 'zod';
import { REDEMPTION_STATUSES } from '../constants';
import { dayProblem, decimalText, hundredths, id, idNumber, instantProblem, optionalText, paging, requiredId } from './common';

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

export const listRedemptionsInput = z
  .strictObject({
    status: z.enum(REDEMPTION_STATUSES, { error: 'Status must be pending, received, rejected or cancelled' }).optional(),
    customerId: id.optional(),
    casinoId: id.optional(),
    ...paging(500),
  })
  .optional();

export const redemptionView = z.object({
  id: idNumber,
  customerId: idNumber,
  customerName: z.string(),
  casinoId: idNumber,
  casinoName: z.string(),
  status: z.enum(REDEMPTION_STATUSES),
  requestedAt: z.string(),
  /** The office day of the request (the earliest day a receipt may be dated). */
  requestedDay: z.string(),
  /** The office day when this was read (the latest day a receipt may be dated, and its default). */
  officeToday: z.string(),
  requestedBy: z.string().nullable(),
  unplayedCoins: decimalText,
  playedCoins: decimalText,
  expectedUsd: decimalText,
  note: z.string().nullable(),
  receivedAt: z.string().nullable(),
  usdReceived: decimalText.nullable(),
  finishedAt: z.string().nullable(),
  finishedBy: z.string().nullable(),
  finishNote: z.string().nullable(),
  /** Whole days since the request (pending only; null once finished). */
  ageDays: z.number().int().nullable(),
  /** Pending for longer than twice its casino's median time to pay. */
  overdue: z.boolean(),
  requestTransactionId: idNumber,
  receiptTransactionId: idNumber.nullable(),
  reversalTransactionId: idNumber.nullable(),
});
export type RedemptionView = z.infer<typeof redemptionView>;

/** GET /api/redemptions: a page, its count and the money in transit under the filters. */
export const redemptionsPage = z.object({
  redemptions: z.array(redemptionView),
  totalCount: z.number().int(),
  inTransitUsd: decimalText,
  inTransitCount: z.number().int(),
});
export const inTransitView = z.object({ usd: decimalText, count: z.number().int() });

/** GET /api/reports/redemptions: one row per casino with redemptions. */
export const payoutRow = z.object({
  casinoId: idNumber,
  casinoName: z.string(),
  pendingCount: z.number().int(),
  pendingUsd: decimalText,
  /** Received in the last 180 days, and how many days they took (null without any). */
  receivedCount: z.number().int(),
  medianDays: z.number().nullable(),
  p90Days: z.number().nullable(),
  rejectedCount: z.number().int(),
});
export type PayoutRow = z.infer<typeof payoutRow>;
export const payoutReportView = z.object({ rows: z.array(payoutRow), since: z.string() });

export const payoutReportInput = z.strictObject({ casinoId: id.optional() }).optional();
