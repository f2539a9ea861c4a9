import { ActionIcon, Badge, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconFilterOff, IconListDetails } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { RECENT_PANEL_FETCH_LIMIT, RECENT_PANEL_PAGE_SIZE } from '../../../shared/constants';
import type { TransactionView } from '../../../shared/schemas/transactions';
import { DataTable, EmptyState } from '../../components/data-table';
import { ExportMenu } from '../../components/export-menu';
import { Pager } from '../../components/pager';
import { RouterButton } from '../../components/router-link';
import { failureOf } from '../../lib/errors';
import { trpc } from '../../trpc';
import { EditTransactionDialog } from './edit-transaction-dialog';
import { TRANSACTION_NUMERIC_COLUMNS, transactionColumns } from './transaction-columns';
import { transactionSheet } from './transaction-export';

const ALL = '__all__';

/** Spec 2.7: the latest 50 transactions of the chosen casino, 20 a page, filterable by type. */
export function RecentPanel({ casinoId }: { casinoId: string }) {
  const [typeName, setTypeName] = useState(ALL);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TransactionView | null>(null);
  const query = useQuery({
    ...trpc.transactions.list.queryOptions({ casinoId: Number(casinoId), limit: RECENT_PANEL_FETCH_LIMIT }),
    enabled: casinoId !== '',
  });
  const rows = useMemo(() => {
    const data = query.data;
    return data && !Array.isArray(data) ? data.transactions : [];
  }, [query.data]);
  const typeNames = useMemo(() => [...new Set(rows.map((t) => t.transactionType.name))].sort(), [rows]);
  const filtered = typeName === ALL ? rows : rows.filter((t) => t.transactionType.name === typeName);
  const shown = filtered.slice((page - 1) * RECENT_PANEL_PAGE_SIZE, page * RECENT_PANEL_PAGE_SIZE);
  const columns = useMemo(() => transactionColumns({ withCasino: false, onEdit: setEditing }), []);

  const chooseType = (value: string | null) => {
    setTypeName(value ?? ALL);
    setPage(1);
  };

  if (!casinoId) {
    return (
      <Paper withBorder p="lg">
        <EmptyState title="Select a casino to view recent transactions" description="Choose a casino above to see transactions for that location" />
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
            <Tooltip label="Clear filter">
              <ActionIcon variant="default" aria-label="Clear type filter" onClick={() => chooseType(ALL)} disabled={typeName === ALL}>
                <IconFilterOff size={16} />
              </ActionIcon>
            </Tooltip>
            <ExportMenu size="xs" build={() => transactionSheet(filtered)} emptyMessage="There are no transactions to export" noun="transactions" />
            <RouterButton to="/transactions/history" search={{ casinoId: Number(casinoId) }} size="xs" variant="subtle" leftSection={<IconListDetails size={14} />}>
              View All
            </RouterButton>
          </Group>
        </Group>
        <DataTable
          label="Recent transactions"
          columns={columns}
          data={shown}
          getRowId={(t) => String(t.id)}
          loading={query.isPending}
          failure={failureOf(query)}
          numeric={TRANSACTION_NUMERIC_COLUMNS}
          minWidth={880}
          empty={
            <EmptyState
              title="No transactions found"
              description={typeName === ALL ? 'No recent transactions for this casino' : `No ${typeName} transactions for this casino`}
            />
          }
        />
        <Pager page={page} pageSize={RECENT_PANEL_PAGE_SIZE} total={filtered.length} onPage={setPage} suffix={typeName === ALL ? undefined : `(${typeName} only)`} />
      </Stack>
      <EditTransactionDialog transaction={editing} onClose={() => setEditing(null)} />
    </Paper>
  );
}
