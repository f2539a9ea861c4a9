import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCashBanknote, IconFileText, IconHistory, IconPencil, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable, EmptyState } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { Pager } from '../components/pager';
import { Panel } from '../components/panel';
import { RouterButton } from '../components/router-link';
import { NotFoundScreen } from '../components/status-screens';
import { StatusToggle } from '../components/status-toggle';
import { AttachmentsPanel } from '../features/attachments';
import { CustomerDialog } from '../features/customers/customer-dialog';
import { NotesPanel } from '../features/notes/notes-panel';
import { PendingRedemptions, RequestRedemptionDialog, type RedemptionTarget } from '../features/redemptions';
import {
  ACTION_FLEX,
  customerLinkColumns,
  LinksTable,
  MoneyChart,
  RecordHeader,
  StatementDialog,
  SummaryCards,
} from '../features/summaries';
import { EditTransactionDialog } from '../features/transactions/edit-transaction-dialog';
import { TRANSACTION_NUMERIC_COLUMNS, transactionCard, transactionColumns } from '../features/transactions/transaction-columns';
import type { TransactionView } from '../lib/api-types';
import { failureOf } from '../lib/errors';
import { notifySuccess } from '../lib/notify';
import { pathId } from '../lib/search-params';
import { trpc } from '../trpc';

const route = getRouteApi('/signed-in/customers/$customerId');
const ENTRIES_PAGE = 20;

/** One customer whole: their casinos and totals, money over time, recent entries, pending redemptions, statements. */
export function CustomerPage() {
  const id = pathId(route.useParams().customerId);
  return id ? <Customer key={id} id={id} /> : <NotFoundScreen />;
}

function Customer({ id }: { id: number }) {
  const summary = useQuery(trpc.summaries.customer.queryOptions({ id }));
  const update = useMutation(trpc.customers.update.mutationOptions());
  const [editing, setEditing] = useState(false);
  const [statement, setStatement] = useState(false);
  const [requesting, setRequesting] = useState<RedemptionTarget | null>(null);
  const columns = useMemo(() => customerLinkColumns(), []);
  const failure = failureOf(summary);
  const data = summary.data;

  if (failure && !data) return <LoadError failure={failure} />;
  const customer = data?.customer;
  return (
    <Stack gap="md">
      {customer ? (
        <RecordHeader
          name={customer.name}
          isActive={customer.isActive}
          createdAt={customer.createdAt}
          facts={[customer.email ?? 'No email']}
          actions={
            <>
              <StatusToggle
                name={customer.name}
                isActive={customer.isActive}
                onConfirm={async () => {
                  await update.mutateAsync({ id, isActive: !customer.isActive });
                  notifySuccess(undefined, 'Customer status updated successfully');
                }}
              />
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} />}
                onClick={() => setEditing(true)}
                flex={ACTION_FLEX}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconFileText size={14} />}
                onClick={() => setStatement(true)}
                flex={ACTION_FLEX}
              >
                Statement
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCashBanknote size={14} />}
                onClick={() => setRequesting({ customerId: id })}
                flex={ACTION_FLEX}
              >
                Request redemption
              </Button>
              <RouterButton
                size="xs"
                to="/transactions/add"
                search={{ customerId: id }}
                leftSection={<IconPlus size={14} />}
                flex={ACTION_FLEX}
              >
                Add transaction
              </RouterButton>
            </>
          }
        />
      ) : (
        <Panel>
          <Text c="dimmed">Loading the customer...</Text>
        </Panel>
      )}
      <SummaryCards totals={data?.totals} read={summary} />
      <LinksTable
        title="Casinos"
        rows={data?.links ?? []}
        name={(r) => r.casinoName}
        columns={columns}
        totals={data?.totals}
        read={summary}
        empty={{ title: 'No casinos yet', description: 'Link this customer to a casino on the Customers screen (Casinos).' }}
      />
      <MoneyChart customerId={id} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel>
          <Title order={3} size="h4" mb="sm">
            Notes
          </Title>
          <NotesPanel owner={{ customerId: id }} />
        </Panel>
        <Panel>
          <AttachmentsPanel owner={{ customerId: id }} title="Files" />
        </Panel>
      </SimpleGrid>
      <RecentEntries customerId={id} />
      <PendingRedemptions of={{ customerId: id }} />
      {customer && (
        <>
          <CustomerDialog opened={editing} customer={customer} onClose={() => setEditing(false)} />
          <StatementDialog opened={statement} onClose={() => setStatement(false)} customer={customer} casinos={data?.links ?? []} />
        </>
      )}
      <RequestRedemptionDialog target={requesting} onClose={() => setRequesting(null)} />
    </Stack>
  );
}

/** The customer's latest entries with History's columns, a page at a time. */
function RecentEntries({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TransactionView | null>(null);
  const entries = useQuery({
    ...trpc.transactions.list.queryOptions({ customerId, limit: ENTRIES_PAGE, offset: (page - 1) * ENTRIES_PAGE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => transactionColumns({ withCasino: true, onEdit: setEditing }), []);
  const phoneCard = useMemo(() => transactionCard(setEditing), []);
  return (
    <Panel>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          Recent entries
        </Title>
        <RouterButton size="xs" variant="subtle" to="/transactions/history" search={{ customerId }} leftSection={<IconHistory size={14} />}>
          All in History
        </RouterButton>
      </Group>
      <Stack gap="sm">
        <DataTable
          label="Recent entries"
          columns={columns}
          data={entries.data?.transactions ?? []}
          read={entries}
          numeric={TRANSACTION_NUMERIC_COLUMNS}
          phoneCard={phoneCard}
          empty={<EmptyState title="No transactions found" description="No entries for this customer yet." />}
        />
        {(entries.data?.totalCount ?? 0) > ENTRIES_PAGE && (
          <Pager page={page} pageSize={ENTRIES_PAGE} total={entries.data?.totalCount ?? 0} onPage={setPage} />
        )}
      </Stack>
      <EditTransactionDialog transaction={editing} onClose={() => setEditing(null)} />
    </Panel>
  );
}
