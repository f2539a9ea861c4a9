import { Button, Stack } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ActiveRecordGrid, NoValue } from '../components/active-record-grid';
import { CustomerLink } from '../components/record-links';
import { gridColumns } from '../components/data-table';
import { NameText } from '../components/name-text';
import { CustomerCasinosDialog } from '../features/customers/customer-casinos-dialog';
import { CustomerDialog } from '../features/customers/customer-dialog';
import { NotesButton, NotesDialog } from '../features/notes';
import { useAllLinks, useCustomers } from '../lib/master-data';
import { trpc } from '../trpc';
import type { CustomerView } from '../lib/api-types';

const col = gridColumns<CustomerView>();

/** Spec 2.10. */
export function CustomersPage() {
  const customers = useCustomers();
  const links = useAllLinks();
  const update = useMutation(trpc.customers.update.mutationOptions());
  const [casinosOf, setCasinosOf] = useState<CustomerView | null>(null);
  const [notesOf, setNotesOf] = useState<CustomerView | null>(null);

  // The same from render to render, so the grid keeps its built rows (decision 227).
  const actions = useCallback(
    (c: CustomerView) => (
      <>
        <Button size="xs" variant="light" leftSection={<IconBuildingStore size={14} />} onClick={() => setCasinosOf(c)}>
          Casinos
        </Button>
        <NotesButton name={c.name} onClick={() => setNotesOf(c)} />
      </>
    ),
    [],
  );
  const setActive = useMemo(() => ({ write: update.mutateAsync }), [update.mutateAsync]);

  const activeLinks = useMemo(() => {
    const counts = new Map<number, number>();
    for (const l of links.data ?? []) if (l.status === 'active') counts.set(l.customerId, (counts.get(l.customerId) ?? 0) + 1);
    return counts;
  }, [links.data]);

  const columns = useMemo(
    () => [
      col.accessor('email', {
        header: 'Email',
        cell: (info) => {
          const email = info.getValue();
          return email ? <NameText name={email} /> : <NoValue />;
        },
      }),
      col.accessor((c) => activeLinks.get(c.id) ?? 0, { id: 'casinos', header: 'Active casinos' }),
    ],
    [activeLinks],
  );

  return (
    <Stack gap="md">
      <ActiveRecordGrid
        nameLink={CustomerLink}
        label="Customers"
        noun="customer"
        query={customers}
        columns={columns}
        sortBy={{ email: (c) => c.email, casinos: (c) => activeLinks.get(c.id) ?? 0 }}
        dialog={({ opened, record, onClose }) => <CustomerDialog opened={opened} customer={record} onClose={onClose} />}
        actions={actions}
        setActive={setActive}
        searchIn={(c) => [c.name, c.email]}
        placeholder="Search customers by name or email..."
        empty={{ title: 'No customers yet', description: 'Add the first customer to start recording transactions.' }}
        minWidth={920}
      />
      <CustomerCasinosDialog customer={casinosOf} onClose={() => setCasinosOf(null)} />
      <NotesDialog target={notesOf && { owner: { customerId: notesOf.id }, name: notesOf.name }} onClose={() => setNotesOf(null)} />
    </Stack>
  );
}
