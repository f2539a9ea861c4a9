/**
 * Money and coins travel as decimal strings with two decimals ("-20.00") and live as integer
 * hundredths. Parsing never rounds: more than two decimals, or anything not a number, is refused.
 */

/** Largest absolute amount one field may carry: one billion, in hundredths. */
export const MAX_ABS_HUNDREDTHS = 100_000_000_000;

/**
 * The one grammar for an amount a person types (and for any decimal string the API receives): an
 * optional minus, digits, at most one decimal point. Nothing is trimmed, no plus sign, no grouping
 * commas, no currency symbol, no exponent: what does not match is refused, never repaired.
 */
const DECIMAL = /^(-)?(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

export type MoneyParse = { ok: true; value: number } | { ok: false; reason: 'invalid' | 'precision' | 'range' };

export function parseHundredths(input: unknown): MoneyParse {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'invalid' };
    text = String(input);
    if (/e/i.test(text)) return { ok: false, reason: Math.abs(input) >= 1 ? 'range' : 'precision' };
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return { ok: false, reason: 'invalid' };
  }
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, reason: 'invalid' };
  const fraction = match[3] ?? match[4] ?? '';
  if (fraction.length > 2) return { ok: false, reason: 'precision' };
  const whole = match[2] ?? '0';
  if (whole.replace(/^0+/, '').length > 12) return { ok: false, reason: 'range' };
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (value > MAX_ABS_HUNDREDTHS) return { ok: false, reason: 'range' };
  return { ok: true, value: value === 0 ? 0 : match[1] ? -value : value };
}

export type WholeParse = { ok: true; value: number } | { ok: false; reason: 'invalid' | 'range' };

/** A whole number as a person types it (SC per $1, the High SC threshold): optional minus and digits only. */
export function parseWholeNumber(input: unknown): WholeParse {
  const text = typeof input === 'number' && Number.isFinite(input) ? String(input) : input;
  if (typeof text !== 'string' || !/^-?\d+$/.test(text)) return { ok: false, reason: 'invalid' };
  if (text.replace(/^-?0*/, '').length > 15) return { ok: false, reason: 'range' };
  const value = Number(text);
  return { ok: true, value: value === 0 ? 0 : value };
}

/** Integer hundredths -> "1234.50" / "-3.00". */
export function formatHundredths(value: number): string {
  const abs = Math.abs(value);
  const whole = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${value < 0 ? '-' : ''}${whole}.${cents}`;
}

/** Integer hundredths -> "+12.50" / "-3.00" (the signed USD display). */
export function formatSignedHundredths(value: number): string {
  return value >= 0 ? `+${formatHundredths(value)}` : formatHundredths(value);
}

/** Decimal string -> hundredths, for values that came from the server (already valid). */
export function toHundredths(decimal: string | number): number {
  const parsed = parseHundredths(decimal);
  return parsed.ok ? parsed.value : 0;
}

/** Signed with thousands separators ("+1,250.00", "-62,597.00"), for summary cards. */
export function formatSignedGrouped(value: number): string {
  return value >= 0 ? `+${formatGrouped(value)}` : formatGrouped(value);
}

/** Thousands separators for display ("15,000.00"). */
export function formatGrouped(value: number): string {
  const [whole, cents] = formatHundredths(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}.${cents}`;
}
