import { z } from 'zod';
import { LINK_STATUSES } from '../constants';
import { casinoView } from './casinos';
import { DATE_RANGE_ERROR, day, decimalText, id, idNumber, isOrderedRange } from './common';
import { customerView } from './customers';

export const summaryInput = z.strictObject({ id });

const linkFigures = {
  status: z.enum(LINK_STATUSES),
  unplayedCoins: decimalText,
  playedCoins: decimalText,
  totalCoins: decimalText,
  /** The High SC report's USD value of the balance. */
  usdValue: decimalText,
  /** USD expected from the link's pending redemptions (as Redemptions has it). */
  inTransitUsd: decimalText,
  /** The pair's latest entry's date, or null before any. */
  lastActivityAt: z.string().nullable(),
};

/** A link's balances as the customer and casino pages show them (money and coins as decimal strings). */
export type LinkFigures = z.infer<z.ZodObject<typeof linkFigures>>;

const summaryTotals = z.object({
  unplayedCoins: decimalText,
  playedCoins: decimalText,
  totalCoins: decimalText,
  usdValue: decimalText,
  inTransitUsd: decimalText,
  /** Sum of the negative USD changes, over all time. */
  purchasesUsd: decimalText,
  /** Sum of the positive USD changes, over all time. */
  redemptionsUsd: decimalText,
  netUsd: decimalText,
});
export type SummaryTotals = z.infer<typeof summaryTotals>;

const customerLinkSummary = z.object({
  ...linkFigures,
  casinoId: idNumber,
  casinoName: z.string(),
  lastCheckInAt: z.string().nullable(),
  streak: z.number().int(),
  reconciledAt: z.string().nullable(),
});

const casinoLinkSummary = z.object({ ...linkFigures, customerId: idNumber, customerName: z.string() });

export const customerSummary = z.object({ customer: customerView, links: z.array(customerLinkSummary), totals: summaryTotals });
export type CustomerSummary = z.infer<typeof customerSummary>;

export const casinoSummary = z.object({ casino: casinoView, links: z.array(casinoLinkSummary), totals: summaryTotals });
export type CasinoSummary = z.infer<typeof casinoSummary>;

/** The longest range the customer page's chart takes, in days (a point per day) and in weeks. */
export const SERIES_MAX_DAYS = 400;
export const SERIES_MAX_WEEKS = 260;
export const SERIES_STEPS = ['day', 'week'] as const;

export const customerSeriesInput = z
  .strictObject({ id, startDate: day, endDate: day, step: z.enum(SERIES_STEPS, { error: 'Must be day or week' }) })
  .refine(isOrderedRange, { error: DATE_RANGE_ERROR, path: ['endDate'] })
  .refine(
    (v) => {
      const days = (Date.parse(v.endDate) - Date.parse(v.startDate)) / 86_400_000 + 1;
      return v.step === 'day' ? days <= SERIES_MAX_DAYS : days <= SERIES_MAX_WEEKS * 7;
    },
    { error: `At most ${SERIES_MAX_DAYS} days, or ${SERIES_MAX_WEEKS} weeks`, path: ['startDate'] },
  );

/** One point of the customer's money over time: the USD value at the period's end, and its USD changes. */
export const seriesPoint = z.object({
  /** The period's first day (YYYY-MM-DD, office time zone). */
  day: z.string(),
  usdValue: decimalText,
  purchasesUsd: decimalText,
  redemptionsUsd: decimalText,
  netUsd: decimalText,
});
export type SeriesPoint = z.infer<typeof seriesPoint>;
