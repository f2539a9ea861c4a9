import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFilterOff, IconListDetails } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { RECENT_PANEL_FETCH_LIMIT, RECENT_PANEL_PAGE_SIZE } from '../../../shared/constants';
import { DataTable, EmptyState } from '../../components/data-table';
import { ExportButtons } from '../../components/export-menu';
import { Pager } from '../../components/pager';
import { RouterButton } from '../../components/router-link';
import { serverSort, servableHistorySorts } from '../../lib/grid-sort';
import { sortParam } from '../../lib/search-params';
import { HISTORY_SORTS } from '../../../shared/sorting';
import { trpc } from '../../trpc';
import { EditTransactionDialog } from './edit-transaction-dialog';
import { TRANSACTION_NUMERIC_COLUMNS, transactionCard, transactionColumns } from './transaction-columns';
import { ALL_OPTION as ALL } from '../../../shared/constants';
import type { TransactionView } from '../../lib/api-types';
import { Select } from '../../components/select';
import { tipProps } from '../../components/tip-props';

const pageOf = (data: { transactions: TransactionView[]; totalCount: number } | undefined) => data ?? { transactions: [], totalCount: 0 };

/**
 * Spec 2.7: the casino's first 50 transactions in the panel's order (newest first, or as sorted by a
 * header click: on the server, over all the casino's rows, the sort kept in the URL), 20 a page,
 * filterable by type (a type's rows come from the server too, so its export and count are its own).
 */
export function RecentPanel({ casinoId }: { casinoId: string }) {
  const [typeName, setTypeName] = useState(ALL);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TransactionView | null>(null);
  // The panel sits on / and /transactions/add, whose URLs keep its sort (one of the History sorts).
  const urlSort = sortParam(HISTORY_SORTS)(useSearch({ strict: false }).sort);
  const sort = urlSort ?? '-date';
  const navigate = useNavigate();
  const read = (transactionTypeId?: number) => ({
    ...trpc.transactions.list.queryOptions({
      casinoId: Number(casinoId),
      transactionTypeId,
      sort: urlSort,
      limit: RECENT_PANEL_FETCH_LIMIT,
    }),
    enabled: casinoId !== '',
    placeholderData: keepPreviousData,
  });
  const all = useQuery(read());
  const rows = useMemo(() => pageOf(all.data).transactions, [all.data]);
  const typeNames = useMemo(() => [...new Set(rows.map((t) => t.transactionType.name))].sort(), [rows]);
  const typeId = typeName === ALL ? undefined : rows.find((t) => t.transactionType.name === typeName)?.transactionTypeId;
  const ofType = useQuery({ ...read(typeId), enabled: casinoId !== '' && typeId !== undefined });
  const query = typeId === undefined ? all : ofType;
  const filtered = pageOf(query.data).transactions;
  const sorting = serverSort({
    columns: HISTORY_SORTS,
    current: urlSort,
    fallback: '-date',
    sortable: servableHistorySorts(
      sort,
      { casinoId: Number(casinoId), transactionTypeId: typeId },
      query.data ? pageOf(query.data).totalCount : undefined,
    ),
    apply: (next) => {
      setPage(1);
      void navigate({ to: '.', search: (prev) => ({ ...prev, sort: next }) });
    },
  });
  const shown = filtered.slice((page - 1) * RECENT_PANEL_PAGE_SIZE, page * RECENT_PANEL_PAGE_SIZE);
  const columns = useMemo(() => transactionColumns({ withCasino: false, onEdit: setEditing }), []);
  // A phone shows each entry as History's compact card (nothing cut or running off the card).
  const phoneCard = useMemo(() => transactionCard(setEditing), []);

  const chooseType = (value: string | null) => {
    setTypeName(value ?? ALL);
    setPage(1);
  };

  if (!casinoId) {
    return (
      <Paper withBorder p="lg">
        <EmptyState
          title="Select a casino to view recent transactions"
          description="Choose a casino above to see transactions for that location"
        />
      </Paper>
    );
  }

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs">
            <Text fw={700}>Recent Transactions</Text>
            <Badge variant="light" data-testid="recent-count">
              {filtered.length} {filtered.length === 1 ? 'record' : 'records'}
            </Badge>
          </Group>
          <Group gap="xs" wrap="wrap">
            <Select
              aria-label="Filter by type"
              size="xs"
              w={160}
              data={[{ value: ALL, label: 'All Types' }, ...typeNames.map((n) => ({ value: n, label: n }))]}
              value={typeName}
              allowDeselect={false}
              onChange={chooseType}
            />
            <ActionIcon
              variant="default"
              aria-label="Clear type filter"
              onClick={() => chooseType(ALL)}
              disabled={typeName === ALL}
              {...tipProps('Clear filter')}
            >
              <IconFilterOff size={16} />
            </ActionIcon>
            <ExportButtons
              size="xs"
              server={{
                file: 'transactions',
                params: { casinoId, transactionTypeId: typeId },
                count: query.data ? pageOf(query.data).totalCount : undefined,
              }}
              disabled={!query.data}
              emptyMessage="There are no transactions to export"
              noun="transactions"
            />
            <RouterButton
              to="/transactions/history"
              search={{ casinoId: Number(casinoId) }}
              size="xs"
              variant="subtle"
              leftSection={<IconListDetails size={14} />}
            >
              View All
            </RouterButton>
          </Group>
        </Group>
        <DataTable
          label="Recent transactions"
          columns={columns}
          data={shown}
          read={query}
          numeric={TRANSACTION_NUMERIC_COLUMNS}
          phoneCard={phoneCard}
          {...sorting}
          minWidth={880}
          empty={
            <EmptyState
              title="No transactions found"
              description={typeName === ALL ? 'No recent transactions for this casino' : `No ${typeName} transactions for this casino`}
            />
          }
        />
        <Pager
          page={page}
          pageSize={RECENT_PANEL_PAGE_SIZE}
          total={filtered.length}
          onPage={setPage}
          suffix={typeName === ALL ? undefined : `(${typeName} only)`}
        />
      </Stack>
      <EditTransactionDialog transaction={editing} onClose={() => setEditing(null)} />
    </Paper>
  );
}
