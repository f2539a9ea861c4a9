import '@mantine/charts/styles.layer.css';
import { CompositeChart } from '@mantine/charts';
import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { localDay } from '../../../shared/dates';
import { toHundredths } from '../../../shared/money';
import { ChartCard } from '../dashboard';
import { groupedAmount, signedUsd } from '../../lib/format';
import { trpc } from '../../trpc';
import { Segmented } from '../../components/segmented';

const RANGES = [
  { value: '30', label: '30 days', step: 'day' },
  { value: '90', label: '90 days', step: 'day' },
  { value: '365', label: '1 year', step: 'week' },
] as const;
type Range = (typeof RANGES)[number]['value'];
const isRange = (v: string): v is Range => RANGES.some((r) => r.value === v);

const NOT_FOCUSABLE = { accessibilityLayer: false } as const;
const asNumber = (decimal: string) => toHundredths(decimal) / 100;
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The customer's money over time: USD value of their balances (line) and net USD per day or week (bars), with a table. */
export function MoneyChart({ customerId }: { customerId: number }) {
  const [range, setRange] = useState<Range>('30');
  const chosen = RANGES.find((r) => r.value === range) ?? RANGES[0];
  const endDate = localDay(new Date());
  const series = useQuery(
    trpc.summaries.customerSeries.queryOptions({
      id: customerId,
      startDate: daysBefore(endDate, Number(range) - 1),
      endDate,
      step: chosen.step,
    }),
  );
  const points = series.data ?? [];
  const per = chosen.step === 'day' ? 'Day' : 'Week of';
  return (
    // Padded and headed as the page's other panels (components/panel), not as a Dashboard card.
    <ChartCard
      title="Money over time"
      level={3}
      padding={{ base: 'sm', sm: 'md' }}
      read={series}
      empty={points.length === 0}
      emptyText="No days in this range."
      table={{
        caption: `USD value at each ${chosen.step}'s end, and net USD (purchases and redemptions) per ${chosen.step}`,
        head: [per, 'USD value', 'Purchases', 'Redemptions', 'Net USD'],
        rows: points.map((p) => [
          p.day,
          `$${groupedAmount(p.usdValue)}`,
          signedUsd(p.purchasesUsd),
          signedUsd(p.redemptionsUsd),
          signedUsd(p.netUsd),
        ]),
        numeric: [1, 2, 3, 4],
      }}
    >
      <Group justify="flex-end" mb="xs">
        <Segmented
          size="xs"
          aria-label="Range"
          data={RANGES.map(({ value, label }) => ({ value, label }))}
          value={range}
          onChange={(v) => isRange(v) && setRange(v)}
        />
      </Group>
      <CompositeChart
        composedChartProps={NOT_FOCUSABLE}
        h={260}
        data={points.map((p) => ({ day: shortDay(p.day), value: asNumber(p.usdValue), net: asNumber(p.netUsd) }))}
        dataKey="day"
        withLegend
        series={[
          { name: 'value', label: 'USD value', color: 'blue.6', type: 'line' },
          { name: 'net', label: 'Net USD', color: 'teal.6', type: 'bar' },
        ]}
        valueFormatter={(v) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
      />
    </ChartCard>
  );
}
