import { z } from 'zod';
import type { LinkStatus } from '../constants';
import { DATE_RANGE_ERROR, day, id, isOrderedRange } from './common';
import type { CasinoView } from './casinos';
import type { CustomerView } from './customers';

export const summaryInput = z.strictObject({ id });

/** A link's balances as the customer and casino pages show them (money and coins as decimal strings). */
export interface LinkFigures {
  status: LinkStatus;
  unplayedCoins: string;
  playedCoins: string;
  totalCoins: string;
  /** The High SC report's USD value of the balance. */
  usdValue: string;
  /** USD expected from the link's pending redemptions (as Redemptions has it). */
  inTransitUsd: string;
  /** The pair's latest entry's date, or null before any. */
  lastActivityAt: string | null;
}

export interface SummaryTotals {
  unplayedCoins: string;
  playedCoins: string;
  totalCoins: string;
  usdValue: string;
  inTransitUsd: string;
  /** Sum of the negative USD changes, over all time. */
  purchasesUsd: string;
  /** Sum of the positive USD changes, over all time. */
  redemptionsUsd: string;
  netUsd: string;
}

export interface CustomerLinkSummary extends LinkFigures {
  casinoId: number;
  casinoName: string;
  lastCheckInAt: string | null;
  streak: number;
  reconciledAt: string | null;
}

export interface CasinoLinkSummary extends LinkFigures {
  customerId: number;
  customerName: string;
}

export interface CustomerSummary {
  customer: CustomerView;
  links: CustomerLinkSummary[];
  totals: SummaryTotals;
}

export interface CasinoSummary {
  casino: CasinoView;
  links: CasinoLinkSummary[];
  totals: SummaryTotals;
}

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
export interface SeriesPoint {
  /** The period's first day (YYYY-MM-DD, office time zone). */
  day: string;
  usdValue: string;
  purchasesUsd: string;
  redemptionsUsd: string;
  netUsd: string;
}
