import { z } from 'zod';
import { DEFAULT_HIGH_SC_THRESHOLD } from '../constants';
import { day, id, requiredId } from './common';
import type { TransactionView } from './transactions';

const dateRange = { startDate: day.optional(), endDate: day.optional() };
const orderedRange = (v: { startDate?: string; endDate?: string }) => !(v.startDate && v.endDate && v.startDate > v.endDate);
const rangeError = { error: 'End date is before start date', path: ['endDate'] };

export const highScInput = z
  .strictObject({
    threshold: z.coerce
      .number({ error: 'Threshold must be a number' })
      .min(0, { error: 'Threshold must be 0 or more' })
      .max(1_000_000_000, { error: 'Threshold is too large' })
      .optional()
      .default(DEFAULT_HIGH_SC_THRESHOLD),
  })
  .optional()
  .transform((v) => v ?? { threshold: DEFAULT_HIGH_SC_THRESHOLD });

export const profitabilityInput = z
  .strictObject({ customerId: id.optional(), casinoId: id.optional(), ...dateRange })
  .refine(orderedRange, rangeError)
  .optional();

export const participationInput = z.strictObject({ masterUserId: requiredId('Select a master user') });

export const REPORT_ROW_LIMIT = 5000;
export const transactionTypesReportInput = z
  .strictObject({
    transactionTypeId: id.optional(),
    ...dateRange,
    limit: z.coerce.number().int().min(1).max(REPORT_ROW_LIMIT).optional(),
  })
  .refine(orderedRange, rangeError)
  .optional();

export interface HighScRow {
  customerId: number;
  customerName: string;
  casinoId: number;
  casinoName: string;
  /** The unplayed balance (spec 3 calls it totalCoins). */
  totalCoins: string;
  playedCoins: string;
}

export interface ProfitabilityRow {
  customerId: number;
  casinoId: number;
  customerName: string;
  casinoName: string;
  totalUSD: string;
  transactionCount: number;
}

export interface ParticipationRow {
  customerId: number;
  customer: { name: string; email: string | null };
  customerName: string;
  totalCasinos: number;
  missingCasinos: { name: string; website: string | null }[];
}

export interface TypeReportRow extends TransactionView {
  transactionTypeName: string;
  casinoName: string;
  /** Totals of this row's type (and casino) over every matching transaction. */
  transactionCount: number;
  totalUSD: string;
}

export interface TypeReportSummary {
  transactionCount: number;
  totalUSD: string;
  uniqueCustomers: number;
  firstDate: string | null;
  lastDate: string | null;
  byType: { transactionTypeId: number; transactionTypeName: string; casinoName: string; transactionCount: number; totalUSD: string }[];
}
