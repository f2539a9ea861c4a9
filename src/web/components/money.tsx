import { Badge } from '@mantine/core';
import { ratioLevel, ratioText } from '../../shared/ledger';
import { toHundredths } from '../../shared/money';
import { formatSignedUsd, groupedAmount, signedUsd } from '../lib/format';
import { type PlainText, plainText } from './plain-text';

type AmountProps = { value: string } & Pick<PlainText, 'size' | 'fw'>;

/** Signed USD: green with a + when >= 0, red when negative (spec 9); with `dollar`, "+$1,012.50" (report totals). */
export function SignedUsd({ value, dollar = false, size, fw = 600 }: AmountProps & { dollar?: boolean }) {
  const negative = toHundredths(value) < 0;
  return (
    <span className={plainText({ size, fw, c: negative ? 'red' : 'teal', mono: true })}>
      {dollar ? formatSignedUsd(value) : signedUsd(value)}
    </span>
  );
}

/** A coin amount; negative balances in red (design.md section 3). */
export function Coins({ value, size, fw }: AmountProps) {
  const negative = toHundredths(value) < 0;
  return <span className={plainText({ size, fw, c: negative ? 'red' : undefined, mono: true })}>{groupedAmount(value)}</span>;
}

/** Badges in grids keep their full text. */
const BADGE_STYLES = { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } } as const;

/** Purchase ratio to 2 decimals; green at or above 1.1, red below, '-' when not computed. */
export function RatioBadge({ ratio }: { ratio: number | null }) {
  if (ratio === null) return <span className={plainText({ c: 'dimmed' })}>-</span>;
  return (
    <Badge variant="light" color={ratioLevel(ratio) === 'good' ? 'teal' : 'red'} ff="monospace" styles={BADGE_STYLES}>
      {ratioText(ratio)}
    </Badge>
  );
}

const TYPE_VARIANTS: Record<string, { variant: string; color: string }> = {
  purchase: { variant: 'filled', color: 'red' },
  'check-in': { variant: 'light', color: 'gray' },
  withdraw: { variant: 'filled', color: 'dark' },
  bonus: { variant: 'outline', color: 'indigo' },
  promo: { variant: 'outline', color: 'indigo' },
};

/** Type badges: Purchase destructive, Check-in secondary, Withdraw default, Bonus and Promo outline. */
export function TypeBadge({ name }: { name: string }) {
  const style = TYPE_VARIANTS[name.trim().toLowerCase()] ?? { variant: 'light', color: 'indigo' };
  return (
    <Badge variant={style.variant} color={style.color} tt="none" styles={BADGE_STYLES}>
      {name}
    </Badge>
  );
}
