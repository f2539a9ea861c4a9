import { Button, Group, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type GridColumn, gridColumns } from '../components/data-table';
import { NameText } from '../components/name-text';
import { SearchableGrid } from '../components/searchable-grid';
import { ActiveBadge, EditAction, StatusToggle } from '../components/status-toggle';
import { CustomerCasinosDialog } from '../features/customers/customer-casinos-dialog';
import { CustomerDialog } from '../features/customers/customer-dialog';
import { formatDate } from '../lib/format';
import { failureOf } from '../lib/errors';
import { useAllLinks, useCustomers } from '../lib/master-data';
import { useSave } from '../lib/use-save';
import { trpc } from '../trpc';
import type { CustomerView } from '../lib/api-types';

const col = gridColumns<CustomerView>();

/** Spec 2.10. */
export function CustomersPage() {
  const customers = useCustomers();
  const links = useAllLinks();
  const save = useSave();
  const update = useMutation(trpc.customers.update.mutationOptions());
  const [dialog, setDialog] = useState<{ customer: CustomerView | null } | null>(null);
  const [casinosOf, setCasinosOf] = useState<CustomerView | null>(null);

  const activeLinks = useMemo(() => {
    const counts = new Map<number, number>();
    for (const l of links.data ?? []) if (l.status === 'active') counts.set(l.customerId, (counts.get(l.customerId) ?? 0) + 1);
    return counts;
  }, [links.data]);

  const columns = useMemo<GridColumn<CustomerView>[]>(
    () => [
      col.accessor('name', { header: 'Name', cell: (info) => <NameText name={info.getValue()} fw={600} /> }),
      col.accessor('email', {
        header: 'Email',
        cell: (info) => {
          const email = info.getValue();
          return email ? (
            <NameText name={email} />
          ) : (
            <Text c="dimmed" size="sm">
              —
            </Text>
          );
        },
      }),
      col.accessor((c) => activeLinks.get(c.id) ?? 0, { id: 'casinos', header: 'Active casinos' }),
      col.accessor('isActive', {
        header: 'Status',
        cell: (info) => <ActiveBadge active={info.getValue()} />,
      }),
      col.accessor('createdAt', { header: 'Created', cell: (info) => formatDate(info.getValue()) }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: c } }) => (
          <Group gap="xs" wrap="nowrap">
            <EditAction label={`Edit ${c.name}`} onClick={() => setDialog({ customer: c })} />
            <Button size="xs" variant="light" leftSection={<IconBuildingStore size={14} />} onClick={() => setCasinosOf(c)}>
              Casinos
            </Button>
            <StatusToggle
              name={c.name}
              isActive={c.isActive}
              onConfirm={async () => {
                await save(() => update.mutateAsync({ id: c.id, isActive: !c.isActive }), {
                  success: [undefined, 'Customer status updated successfully'],
                  failure: 'Failed to update customer status',
                  invalidate: [trpc.customers.list.queryKey()],
                });
              }}
            />
          </Group>
        ),
      }),
    ],
    [activeLinks, save, update],
  );

  return (
    <Stack gap="md">
      <SearchableGrid
        label="Customers"
        noun="customer"
        sortBy={{
          name: (c) => c.name,
          email: (c) => c.email,
          casinos: (c) => activeLinks.get(c.id) ?? 0,
          isActive: (c) => c.isActive,
          createdAt: (c) => c.createdAt,
        }}
        rows={customers.data ?? []}
        columns={columns}
        getRowId={(c) => String(c.id)}
        loading={customers.isPending}
        failure={failureOf(customers)}
        searchIn={(c) => [c.name, c.email]}
        placeholder="Search customers by name or email..."
        addLabel="Add Customer"
        onAdd={() => setDialog({ customer: null })}
        empty={{ title: 'No customers yet', description: 'Add the first customer to start recording transactions.' }}
        minWidth={820}
      />
      <CustomerDialog opened={dialog !== null} customer={dialog?.customer ?? null} onClose={() => setDialog(null)} />
      <CustomerCasinosDialog customer={casinosOf} onClose={() => setCasinosOf(null)} />
    </Stack>
  );
}
