import { DEFAULT_HIGH_SC_THRESHOLD } from '../../../shared/constants';
import { parseWholeNumber } from '../../../shared/money';

export type ThresholdEntry = { ok: true; value: number } | { ok: false; message: string };

/**
 * Spec 5: the High SC threshold is parsed as an integer, and a non-numeric or zero entry falls back to
 * 100 (the input then shows 100). Text with digits that is not a whole number above zero ("50.5",
 * "-50", "1e3") is not guessed at: it is refused with a message and stays as typed.
 */
export function readThreshold(text: string): ThresholdEntry {
  if (!/\d/.test(text)) return { ok: true, value: DEFAULT_HIGH_SC_THRESHOLD };
  const parsed = parseWholeNumber(text);
  if (!parsed.ok) return { ok: false, message: parsed.reason === 'range' ? 'Threshold is too large' : 'Must be a whole number' };
  if (parsed.value === 0) return { ok: true, value: DEFAULT_HIGH_SC_THRESHOLD };
  if (parsed.value < 0) return { ok: false, message: 'Must be a positive number' };
  if (parsed.value > 1_000_000_000) return { ok: false, message: 'Threshold is too large' };
  return { ok: true, value: parsed.value };
}
