import { Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { HISTORY_PAGE_SIZE } from '../../shared/constants';
import { isOrderedRange } from '../../shared/value-rules';
import { DataTable, EmptyState } from '../components/data-table';
import { casinoFilter, customerFilter, ReportFilters } from '../components/report-filters';
import { type TypeChoice, typeChoiceFilter, typeNames } from '../components/type-filter';
import { ExportButtons } from '../components/export-menu';
import { UrlPager } from '../components/pager';
import { EditTransactionDialog } from '../features/transactions/edit-transaction-dialog';
import { type HistorySearch, historyListInput } from '../features/transactions/history-search';
import { TRANSACTION_NUMERIC_COLUMNS, transactionCard, transactionColumns } from '../features/transactions/transaction-columns';
import { failureOf } from '../lib/errors';
import { serverSort, servableHistorySorts } from '../lib/grid-sort';
import { HISTORY_SORTS } from '../../shared/sorting';
import { typeOptions, useAllTypes, useCasinos, useCustomers } from '../lib/master-data';
import { trpc } from '../trpc';
import type { TransactionView } from '../lib/api-types';
import { Panel } from '../components/panel';

const route = getRouteApi('/signed-in/transactions/history');

/** Spec 2.8. Filters, page and sort live in the URL; any filter or sort change resets the page to 1. */
export function HistoryPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const [editing, setEditing] = useState<TransactionView | null>(null);
  const customers = useCustomers();
  const casinos = useCasinos();
  const types = useAllTypes();
  const page = search.page ?? 1;
  const { page: _page, sort = '-date', ...filters } = search;

  const rangeOk = isOrderedRange(filters);
  const query = useQuery({
    ...trpc.transactions.list.queryOptions(historyListInput(search)),
    placeholderData: keepPreviousData,
    enabled: rangeOk,
  });
  const data = rangeOk && query.data ? query.data : { transactions: [], totalCount: 0 };
  const filterFailure = failureOf(customers, casinos, types);
  const columns = useMemo(() => transactionColumns({ withCasino: true, onEdit: setEditing }), []);
  const phoneCard = useMemo(() => transactionCard(setEditing), []);

  // Sorted on the server over every matching row (decision 044); USD only where the server can serve it.
  const sorting = serverSort({
    columns: HISTORY_SORTS,
    current: search.sort,
    fallback: '-date',
    sortable: servableHistorySorts(sort, filters, query.data ? data.totalCount : undefined),
    apply: (next) => void navigate({ search: (prev) => ({ ...prev, sort: next, page: undefined }) }),
  });

  const setFilter = (key: keyof HistorySearch, value: string | number | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, [key]: value, page: undefined }) });
  const setFilters = (choice: TypeChoice) =>
    void navigate({ search: (prev) => ({ ...prev, transactionTypeId: undefined, typeName: undefined, ...choice, page: undefined }) });

  const hasFilters = Object.keys(filters).length > 0;

  return (
    <Stack gap="md">
      <ReportFilters
        selects={[
          customerFilter(customers.data, filters.customerId, (v) => setFilter('customerId', v)),
          casinoFilter(casinos.data, filters.casinoId, (v) => setFilter('casinoId', v)),
          typeChoiceFilter(
            typeOptions(types.data, casinos.data, filters.casinoId),
            filters.casinoId ? [] : typeNames(types.data),
            { transactionTypeId: filters.transactionTypeId, typeName: filters.typeName },
            (choice) => setFilters(choice),
          ),
        ]}
        startDate={filters.startDate}
        endDate={filters.endDate}
        onDates={setFilter}
        onClear={() => void navigate({ search: {} })}
        canClear={hasFilters}
        clearLabel="Clear Filters"
        lgCols={5}
        failure={filterFailure}
        actions={
          <ExportButtons
            server={{ file: 'transactions', params: filters, count: query.data ? data.totalCount : undefined }}
            disabled={!query.data}
            emptyMessage="There are no transactions to export"
            noun="transactions"
          />
        }
      />
      <Panel>
        <Stack gap="md">
          <DataTable
            label="Transactions"
            columns={columns}
            data={data.transactions}
            read={query}
            rangeOk={rangeOk}
            numeric={TRANSACTION_NUMERIC_COLUMNS}
            phoneCard={phoneCard}
            {...sorting}
            minWidth={900}
            empty={<EmptyState title="No transactions found" description="Try adjusting your filters or add some transactions" />}
          />
          {rangeOk && !query.isError && <UrlPager page={page} pageSize={HISTORY_PAGE_SIZE} total={data.totalCount} />}
        </Stack>
      </Panel>
      <EditTransactionDialog transaction={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
