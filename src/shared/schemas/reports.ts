import { z } from 'zod';
import { DEFAULT_HIGH_SC_THRESHOLD } from '../constants';
import { HIGH_SC_SORTS, HISTORY_SORTS, PARTICIPATION_SORTS, PROFITABILITY_SORTS } from '../sorting';
import { sortSchema } from './primitives';
import { day, decimalText, id, idNumber, oneTypeFilter, orderedRange, requiredId, paging, typeName } from './common';
import { transactionView } from './transactions';

const dateRange = { startDate: day.optional(), endDate: day.optional() };

export const REPORT_ROW_LIMIT = 5000;

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
    typeName: typeName.optional(),
    ...dateRange,
    ...reportPaging,
    sort: sortSchema(HISTORY_SORTS).optional(),
  })
  .refine(...orderedRange)
  .refine(...oneTypeFilter)
  .optional();

export const highScRow = z.object({
  customerId: idNumber,
  customerName: z.string(),
  casinoId: idNumber,
  casinoName: z.string(),
  /** The unplayed balance (spec 3 calls it totalCoins). */
  totalCoins: decimalText,
  playedCoins: decimalText,
});
export type HighScRow = z.infer<typeof highScRow>;
export const highScSummaryView = z.object({ accounts: z.number().int(), uniqueCustomers: z.number().int(), totalUSD: decimalText });

export const profitabilityRow = z.object({
  customerId: idNumber,
  casinoId: idNumber,
  customerName: z.string(),
  casinoName: z.string(),
  totalUSD: decimalText,
  transactionCount: z.number().int(),
});
export type ProfitabilityRow = z.infer<typeof profitabilityRow>;
export const profitabilitySummaryView = z.object({
  totalUSD: decimalText,
  profitable: z.number().int(),
  loss: z.number().int(),
  entries: z.number().int(),
});

export const participationRow = z.object({
  customerId: idNumber,
  customer: z.object({ name: z.string(), email: z.string().nullable() }),
  customerName: z.string(),
  totalCasinos: z.number().int(),
  missingCasinos: z.array(z.object({ name: z.string(), website: z.string().nullable() })),
});
export type ParticipationRow = z.infer<typeof participationRow>;
export const participationSummaryView = z.object({
  customersAnalyzed: z.number().int(),
  needRegistration: z.number().int(),
  totalMissing: z.number().int(),
  totalCasinos: z.number().int(),
});

export const typeReportRow = transactionView.extend({
  transactionTypeName: z.string(),
  casinoName: z.string(),
  /** Totals of this row's type (and casino) over every matching transaction. */
  transactionCount: z.number().int(),
  totalUSD: decimalText,
});
export type TypeReportRow = z.infer<typeof typeReportRow>;
export const typeReportSummaryView = z.object({
  transactionCount: z.number().int(),
  totalUSD: decimalText,
  uniqueCustomers: z.number().int(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  byType: z.array(
    z.object({
      transactionTypeId: idNumber,
      transactionTypeName: z.string(),
      casinoName: z.string(),
      transactionCount: z.number().int(),
      totalUSD: decimalText,
    }),
  ),
});
