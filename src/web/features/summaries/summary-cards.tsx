import { SimpleGrid } from '@mantine/core';
import { IconCoins, IconCurrencyDollar, IconHourglass, IconScale } from '@tabler/icons-react';
import { toHundredths } from '../../../shared/money';
import { StatCard } from '../../components/stat-card';
import { formatSignedUsd, groupedAmount } from '../../lib/format';
import type { CustomerSummaryView } from './link-columns';

type Totals = CustomerSummaryView['totals'];

/** The page's totals: coins, their USD value (as High SC), USD in transit (as Redemptions) and net USD over all time. */
export function SummaryCards({ totals, read }: { totals: Totals | undefined; read: { isPending: boolean; isError: boolean } }) {
  const net = totals ? toHundredths(totals.netUsd) : 0;
  return (
    // Two to a row at most, so a long amount keeps the cards' full size (a quarter of the panel shrinks it).
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <StatCard
        title="Total coins"
        value={totals ? groupedAmount(totals.totalCoins) : '—'}
        hint={totals ? `${groupedAmount(totals.unplayedCoins)} unplayed, ${groupedAmount(totals.playedCoins)} played` : undefined}
        icon={<IconCoins />}
        read={read}
        wide
      />
      <StatCard
        title="USD value"
        value={totals ? `$${groupedAmount(totals.usdValue)}` : '—'}
        hint="As the High SC report values it"
        icon={<IconCurrencyDollar />}
        read={read}
        wide
      />
      <StatCard
        title="In transit"
        value={totals ? `$${groupedAmount(totals.inTransitUsd)}` : '—'}
        hint="Pending redemptions"
        icon={<IconHourglass />}
        read={read}
        wide
      />
      <StatCard
        title="Net USD"
        value={totals ? formatSignedUsd(totals.netUsd) : '—'}
        hint={
          totals ? `${formatSignedUsd(totals.purchasesUsd)} purchases, ${formatSignedUsd(totals.redemptionsUsd)} redemptions` : undefined
        }
        icon={<IconScale />}
        read={read}
        wide
        color={net < 0 ? 'red' : 'teal'}
      />
    </SimpleGrid>
  );
}
