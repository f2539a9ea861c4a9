import { z } from 'zod';
import { DEFAULT_HIGH_SC_THRESHOLD } from '../constants';
import { HIGH_SC_SORTS, HISTORY_SORTS, PARTICIPATION_SORTS, PROFITABILITY_SORTS, sortSchema } from '../sorting';
import { day, id, orderedRange, requiredId, paging } from './common';
import type { TransactionView } from './transactions';

const dateRange = { startDate: day.optional(), endDate: day.optional() };

export const REPORT_ROW_LIMIT = 5000;
/** The rows a report screen shows at once; the cards come from the matching summary procedure. */
export const REPORT_PAGE_SIZE = 100;

/** Optional paging of a report's rows (without it, every row). */
const reportPaging = paging(REPORT_ROW_LIMIT);
export type { Paging } from './common';

const threshold = z.coerce
  .number({ error: 'Threshold must be a number' })
  .min(0, { error: 'Threshold must be 0 or more' })
  .max(1_000_000_000, { error: 'Threshold is too large' })
  .optional()
  .default(DEFAULT_HIGH_SC_THRESHOLD);

/** asOf: the balances at the end of that day (office time zone) instead of now. */
export const highScInput = z
  .strictObject({ threshold, asOf: day.optional(), ...reportPaging, sort: sortSchema(HIGH_SC_SORTS).optional() })
  .optional()
  .transform((v) => v ?? { threshold: DEFAULT_HIGH_SC_THRESHOLD });

export const highScSummaryInput = z
  .strictObject({ threshold, asOf: day.optional() })
  .optional()
  .transform((v) => v ?? { threshold: DEFAULT_HIGH_SC_THRESHOLD });

const profitabilityFilters = { customerId: id.optional(), casinoId: id.optional(), ...dateRange };

export const profitabilityInput = z
  .strictObject({ ...profitabilityFilters, ...reportPaging, sort: sortSchema(PROFITABILITY_SORTS).optional() })
  .refine(...orderedRange)
  .optional();

export const profitabilitySummaryInput = z
  .strictObject(profitabilityFilters)
  .refine(...orderedRange)
  .optional();

const masterUserId = requiredId('Select a master user');
/** The compared customers, paged when asked (the screen pages by REPORT_PAGE_SIZE; exports take every row). */
export const participationInput = z.strictObject({ masterUserId, sort: sortSchema(PARTICIPATION_SORTS).optional(), ...reportPaging });
export const participationSummaryInput = z.strictObject({ masterUserId });

export const transactionTypesReportInput = z
  .strictObject({
    transactionTypeId: id.optional(),
    ...dateRange,
    limit: reportPaging.limit,
    sort: sortSchema(HISTORY_SORTS).optional(),
  })
  .refine(...orderedRange)
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
