import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { toHundredths } from '../../../shared/money';
import { USD_CHART_DAYS } from '../../../shared/limits';
import { formatCount, groupedAmount, signedUsd } from '../../lib/format';
import { trpc } from '../../trpc';
import { ChartCard } from './chart-card';

// The table beside each chart is what the keyboard and screen readers use; the drawing takes no focus.
const NOT_FOCUSABLE = { accessibilityLayer: false } as const;
const asNumber = (decimal: string) => toHundredths(decimal) / 100;
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** USD change per day, SC balances per casino, entries per staff member; loaded lazily. */
export function DashboardCharts() {
  const usd = useQuery(trpc.dashboard.usdPerDay.queryOptions());
  const sc = useQuery(trpc.dashboard.scByCasino.queryOptions());
  const staff = useQuery(trpc.dashboard.entriesByStaff.queryOptions());
  const days = usd.data ?? [];
  const casinos = sc.data ?? [];
  const people = staff.data ?? [];

  return (
    <Stack gap="lg">
      <ChartCard
        title={`USD change per day (last ${USD_CHART_DAYS} days)`}
        read={usd}
        empty={days.every((d) => d.entries === 0)}
        emptyText={`No transactions in the last ${USD_CHART_DAYS} days.`}
        table={{
          caption: `USD change per day, last ${USD_CHART_DAYS} days (days with entries)`,
          head: ['Day', 'USD change', 'Entries'],
          rows: days.filter((d) => d.entries > 0).map((d) => [d.day, signedUsd(d.usd), formatCount(d.entries)]),
          numeric: [1, 2],
        }}
      >
        <BarChart
          barChartProps={NOT_FOCUSABLE}
          h={260}
          data={days.map((d) => ({ day: shortDay(d.day), usd: asNumber(d.usd) }))}
          dataKey="day"
          series={[{ name: 'usd', label: 'USD change' }]}
          getBarColor={(value) => (value >= 0 ? 'teal.6' : 'red.6')}
          valueFormatter={(v) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          tickLine="y"
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <ChartCard
          title="SC balances per casino"
          read={sc}
          empty={casinos.length === 0}
          emptyText="No balances yet."
          table={{
            caption: 'SC balances per active casino, largest first',
            head: ['Casino', 'Unplayed', 'Played', 'Total'],
            rows: casinos.map((c) => [c.casinoName, groupedAmount(c.unplayed), groupedAmount(c.played), groupedAmount(c.total)]),
            numeric: [1, 2, 3],
          }}
        >
          <BarChart
            barChartProps={NOT_FOCUSABLE}
            h={Math.max(200, casinos.length * 32)}
            orientation="vertical"
            type="stacked"
            data={casinos.map((c) => ({ casino: c.casinoName, unplayed: asNumber(c.unplayed), played: asNumber(c.played) }))}
            dataKey="casino"
            series={[
              { name: 'unplayed', label: 'Unplayed', color: 'indigo.6' },
              { name: 'played', label: 'Played', color: 'cyan.6' },
            ]}
            withLegend
            yAxisProps={{ width: 110 }}
            valueFormatter={(v) => v.toLocaleString('en-US', { maximumFractionDigits: 2 })}
          />
        </ChartCard>
        <ChartCard
          title="Entries per staff member this week"
          read={staff}
          empty={people.length === 0}
          emptyText="No entries this week yet."
          table={{
            caption: 'Entries per staff member since Monday',
            head: ['Staff member', 'Entries'],
            rows: people.map((p) => [p.name, formatCount(p.entries)]),
            numeric: [1],
          }}
        >
          <BarChart
            barChartProps={NOT_FOCUSABLE}
            h={Math.max(200, people.length * 36)}
            orientation="vertical"
            data={people.map((p) => ({ name: p.name, entries: p.entries }))}
            dataKey="name"
            series={[{ name: 'entries', label: 'Entries', color: 'teal.6' }]}
            yAxisProps={{ width: 110 }}
          />
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}
