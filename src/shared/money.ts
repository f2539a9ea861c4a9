/**
 * Money and coins travel as decimal strings with two decimals ("-20.00") and live as integer
 * hundredths. Parsing never rounds: more than two decimals, or anything not a number, is refused.
 */

/** Largest absolute amount one field may carry: one billion, in hundredths. */
export const MAX_ABS_HUNDREDTHS = 100_000_000_000;

const DECIMAL = /^([+-])?(\d+)(?:\.(\d{0,2}))?$|^([+-])?\.(\d{1,2})$/;

export type MoneyParse = { ok: true; value: number } | { ok: false; reason: 'invalid' | 'precision' | 'range' };

export function parseHundredths(input: unknown): MoneyParse {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'invalid' };
    text = String(input);
    if (/e/i.test(text)) return { ok: false, reason: Math.abs(input) >= 1 ? 'range' : 'precision' };
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, reason: 'invalid' };
  }
  const match = DECIMAL.exec(text);
  if (!match) {
    return /^[+-]?\d*\.\d{3,}$/.test(text) ? { ok: false, reason: 'precision' } : { ok: false, reason: 'invalid' };
  }
  const sign = (match[1] ?? match[4]) === '-' ? -1 : 1;
  const whole = match[2] ?? '0';
  const fraction = (match[3] ?? match[5] ?? '').padEnd(2, '0');
  if (whole.replace(/^0+/, '').length > 12) return { ok: false, reason: 'range' };
  const value = Number(whole) * 100 + Number(fraction);
  if (value > MAX_ABS_HUNDREDTHS) return { ok: false, reason: 'range' };
  return { ok: true, value: value === 0 ? 0 : sign * value };
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
