import { Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DataTable, EmptyState, type GridColumn } from '../../components/data-table';
import { Panel } from '../../components/panel';
import type { SortState } from '../../lib/grid-sort';
import { FIGURE_NUMERIC, nextSort, SORTABLE, sortedLinks, type CasinoSummaryView, type CustomerSummaryView } from './link-columns';
import { groupedAmount } from '../../lib/format';

type Figures = CustomerSummaryView['links'][number] | CasinoSummaryView['links'][number];

/** A page's links with their balances, sortable by any figure, and the totals under them. */
export function LinksTable<T extends Figures>({
  title,
  rows,
  name,
  columns,
  totals,
  read,
  empty,
}: {
  title: string;
  rows: T[];
  name: (r: T) => string;
  columns: GridColumn<T>[];
  totals: CustomerSummaryView['totals'] | undefined;
  read: Parameters<typeof DataTable>[0]['read'];
  empty: { title: string; description: string };
}) {
  const [sort, setSort] = useState<SortState | null>(null);
  return (
    <Panel>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
      </Group>
      <DataTable
        label={title}
        columns={columns}
        data={sortedLinks(rows, name, sort)}
        getRowId={name}
        read={read}
        sort={sort ?? undefined}
        onSort={(id) => setSort((s) => nextSort(s, id))}
        sortable={SORTABLE}
        numeric={FIGURE_NUMERIC}
        empty={<EmptyState title={empty.title} description={empty.description} />}
      />
      {totals && rows.length > 0 && (
        <Text size="sm" mt="sm" data-testid="links-totals">
          Totals: {groupedAmount(totals.unplayedCoins)} unplayed, {groupedAmount(totals.playedCoins)} played,{' '}
          {groupedAmount(totals.totalCoins)} total; USD value ${groupedAmount(totals.usdValue)}; in transit $
          {groupedAmount(totals.inTransitUsd)}
        </Text>
      )}
    </Panel>
  );
}
