import { DEFAULT_SC_RATIO, HIGH_SC_USD_FACTOR, PURCHASE_RATIO_THRESHOLD } from './constants';

/**
 * Spec 9: computed only when USD goes out (< 0) and unplayed coins come in (> 0):
 * unplayed change / (|USD change| x scRatio). Inputs are integer hundredths; the hundredths cancel.
 */
export function purchaseRatio(unplayedChange: number, usdChange: number, scRatio: number = DEFAULT_SC_RATIO): number | null {
  if (!(usdChange < 0 && unplayedChange > 0)) return null;
  return unplayedChange / (Math.abs(usdChange) * (scRatio > 0 ? scRatio : DEFAULT_SC_RATIO));
}

export type RatioLevel = 'good' | 'low';

export function ratioLevel(ratio: number): RatioLevel {
  return ratio >= PURCHASE_RATIO_THRESHOLD ? 'good' : 'low';
}

export function ratioText(ratio: number | null): string {
  return ratio === null ? '-' : ratio.toFixed(2);
}

export function ratioHint(ratio: number): string {
  return ratioLevel(ratio) === 'good' ? 'Above 1.1 threshold' : 'Below 1.1 threshold';
}

/**
 * The largest absolute value (hundredths) of any balance, after-value or kept total the ledger stores:
 * 100,000,000,000.00, a hundred times what one amount may be. Far inside 2^53, so every sum the server
 * makes of them in JavaScript stays exact, and a write that would pass it is refused (decision 090).
 */
export const LEDGER_LIMIT = 10_000_000_000_000;

/** A value going from `before` to `after` leaves the limit: it ends past it, and further out than it was. */
export const leavesLimit = (before: number, after: number) => Math.abs(after) > LEDGER_LIMIT && Math.abs(after) > Math.abs(before);

export interface Balances {
  unplayed: number;
  played: number;
}

/** Spec 9 after-values, in hundredths: current balance (0 without a link) plus the changes. */
export function afterValues(current: Balances | null, unplayedChange: number, playedChange: number) {
  const unplayed = (current?.unplayed ?? 0) + unplayedChange;
  const played = (current?.played ?? 0) + playedChange;
  return { unplayed, played, total: unplayed + played };
}

export type ProfitStatus = 'Profitable' | 'Loss' | 'Break Even';

/** Spec: a high SC row's USD value, (unplayed + played coins) / 1000, in hundredths rounded to the cent. */
export function highScUsdHundredths(unplayedHundredths: number, playedHundredths: number): number {
  return Math.round((unplayedHundredths + playedHundredths) / HIGH_SC_USD_FACTOR);
}

export function profitStatus(totalUsd: number): ProfitStatus {
  return totalUsd > 0 ? 'Profitable' : totalUsd < 0 ? 'Loss' : 'Break Even';
}

/** (total - missing) / total as a percentage with one decimal, or '0%' without casinos. */
export function participationRate(totalCasinos: number, missing: number): string {
  if (totalCasinos <= 0) return '0%';
  return `${(((totalCasinos - missing) / totalCasinos) * 100).toFixed(1)}%`;
}

/** Total / count in hundredths (rounded half away from zero), or 0 when there is nothing. */
export function avgPerTransaction(totalUsd: number, count: number): number {
  if (count <= 0) return 0;
  return Math.sign(totalUsd) * Math.round(Math.abs(totalUsd) / count);
}
