import { Badge, Text, type TextProps } from '@mantine/core';
import { ratioLevel, ratioText } from '../../shared/ledger';
import { toHundredths } from '../../shared/money';
import { formatSignedUsd, groupedAmount, signedUsd } from '../lib/format';

/** Signed USD: green with a + when >= 0, red when negative (spec 9); with `dollar`, "+$1,012.50" (report totals). */
export function SignedUsd({ value, dollar = false, ...props }: { value: string; dollar?: boolean } & TextProps) {
  const negative = toHundredths(value) < 0;
  return (
    <Text span c={negative ? 'red' : 'teal'} fw={600} ff="monospace" {...props}>
      {dollar ? formatSignedUsd(value) : signedUsd(value)}
    </Text>
  );
}

/** A coin amount; negative balances in red (design.md section 3). */
export function Coins({ value, ...props }: { value: string } & TextProps) {
  const negative = toHundredths(value) < 0;
  return (
    <Text span c={negative ? 'red' : undefined} ff="monospace" {...props}>
      {groupedAmount(value)}
    </Text>
  );
}

/** Badges in grids keep their full text. */
const BADGE_STYLES = { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } } as const;

/** Purchase ratio to 2 decimals; green at or above 1.1, red below, '-' when not computed. */
export function RatioBadge({ ratio }: { ratio: number | null }) {
  if (ratio === null)
    return (
      <Text span c="dimmed">
        -
      </Text>
    );
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
