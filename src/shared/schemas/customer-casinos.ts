import { z } from 'zod';
import { LINK_STATUSES } from '../constants';
import {
  day,
  decimalText,
  hundredths,
  id,
  idNumber,
  occurredAt,
  optionalText,
  recordVersion,
  requiredId,
  paging,
  wholeNumber,
} from './common';
import { transactionView } from './transactions';

/** asOf (YYYY-MM-DD, office time zone): the balances at the end of that day, for one customer. */
export const listLinksInput = z
  .strictObject({ customerId: id.optional(), asOf: day.optional() })
  .refine((v) => !v.asOf || v.customerId !== undefined, { error: 'Choose a customer to see balances as of a date', path: ['customerId'] })
  .optional();
/**
 * The pair's balance just before an entry dated `at` (decision 111): what the entry form's preview adds
 * to. `transactionId` is the entry being edited, left out of the balance.
 */
export const balanceBeforeInput = z.strictObject({
  customerId: id,
  casinoId: id,
  at: occurredAt,
  transactionId: id.optional(),
});
export type BalanceBeforeInput = z.output<typeof balanceBeforeInput>;
export const pairBalance = z.object({ unplayed: decimalText, played: decimalText });
export type PairBalance = z.infer<typeof pairBalance>;

export const setLinkInput = z.strictObject({
  customerId: requiredId('Customer is required'),
  casinoId: requiredId('Casino is required'),
  status: z.enum(LINK_STATUSES, { error: 'Status must be active, inactive, banned or locked' }),
  /** The link's version the change was based on (decision 151); a new link has none. */
  version: recordVersion,
});

export const linkView = z.object({
  customerId: idNumber,
  casinoId: idNumber,
  status: z.enum(LINK_STATUSES),
  currentUnplayedCoins: decimalText,
  currentPlayedCoins: decimalText,
  /** Grows with each change; an edit sends it back (decision 151). */
  version: z.number().int().positive(),
});
export type LinkView = z.infer<typeof linkView>;

/** Links "Create missing links" made, and whether more were left for another call. */
export const missingLinksView = z.object({ created: z.number().int(), more: z.boolean() });

/** Participation's "Create missing links" (decision 041): for one customer, or all when customerId is left out. */
export const createMissingLinksInput = z.strictObject({
  masterUserId: requiredId('Select a master user'),
  customerId: id.optional(),
  status: z.enum(['inactive', 'active'], { error: 'Status must be inactive or active' }).default('inactive'),
});

/** The balances the casino's own site shows, as typed. */
export const reconcileInput = z.strictObject({
  customerId: requiredId('Customer is required'),
  casinoId: requiredId('Casino is required'),
  unplayedCoins: hundredths('Unplayed coins are required'),
  playedCoins: hundredths('Played coins are required'),
  note: optionalText(500).optional(),
});

/** The Reconciliation report's filter: links not reconciled within this many days are due. */
const staleDays = wholeNumber(1).max(3650, { error: 'Must be at most 3650' }).optional();

export const reconciliationReportInput = z.strictObject({ staleDays, ...paging(1000) }).optional();

/** The same filter, for the report's export of every row. */
export const reconciliationExportInput = z.strictObject({ staleDays });

export const reconciliationRow = z.object({
  customerId: idNumber,
  customerName: z.string(),
  casinoId: idNumber,
  casinoName: z.string(),
  lastReconciledAt: z.string().nullable(),
  lastReconciledBy: z.string().nullable(),
  differenceUnplayed: decimalText.nullable(),
  differencePlayed: decimalText.nullable(),
  stale: z.boolean(),
});
export type ReconciliationRow = z.infer<typeof reconciliationRow>;
export const reconciliationReportView = z.object({
  staleDays: z.number().int(),
  totalCount: z.number().int(),
  staleCount: z.number().int(),
  rows: z.array(reconciliationRow),
});

/** A reconciliation: the differences found, and the adjustment booked for them (null when none). */
export const reconciledView = z.object({
  differenceUnplayed: decimalText,
  differencePlayed: decimalText,
  adjustment: transactionView.nullable(),
  reconciledAt: z.string(),
  /** The kept reconciliation (attachments are added to it). */
  reconciliationId: idNumber,
});
