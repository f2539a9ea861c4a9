/**
 * The p-th quantile (0..1) of `values` by linear interpolation between the closest ranks (the
 * spreadsheet PERCENTILE.INC rule): the median of [1, 2, 3, 10] is 2.5, its 90th percentile 7.9.
 * null for no values.
 */
export function quantile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}
