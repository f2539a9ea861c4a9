import { TextInput } from '@mantine/core';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { createCustomerInput } from '../../../shared/schemas/customers';
import { sameName } from '../../../shared/names';
import { useCustomers } from '../../lib/master-data';
import { useForm } from '../../lib/use-form';
import { zodValidate } from '../../lib/zod-form';
import { trpc } from '../../trpc';
import type { CustomerView } from '../../lib/api-types';
import { useVersionGuard, VersionNotice } from '../../components/version-notice';

const validate = zodValidate(createCustomerInput);

/** Add Customer / Edit Customer: name and optional email. `customer` null = adding. */
export function CustomerDialogBody({ opened, customer, onClose }: { opened: boolean; customer: CustomerView | null; onClose: () => void }) {
  return opened ? <CustomerForm key={customer?.id ?? 'new'} customer={customer} onClose={onClose} /> : null;
}

/** A fresh form each time the dialog opens (decision 075). */
function CustomerForm({ customer, onClose }: { customer: CustomerView | null; onClose: () => void }) {
  const form = useForm(() => ({ name: customer?.name ?? '', email: customer?.email ?? '' }), validate);
  const values = form.values;
  const create = useMutation(trpc.customers.create.mutationOptions());
  const update = useMutation(trpc.customers.update.mutationOptions());
  const customers = useCustomers();
  const [asking, setAsking] = useState<CustomerView | null>(null);
  // The version the form was loaded at, against the list's, which the change stream refreshes (decision 151).
  const guard = useVersionGuard(customer?.version ?? 0, customers.data?.find((c) => c.id === customer?.id)?.version);

  const write = async () => {
    setAsking(null);
    const ok = await form.save(
      () => (customer ? update.mutateAsync({ id: customer.id, ...values, version: guard.basis }) : create.mutateAsync(values)),
      {
        success: [undefined, customer ? 'Customer updated successfully' : 'Customer created successfully'],
        failure: customer ? 'Failed to update customer' : 'Failed to create customer',
      },
    );
    if (ok) onClose();
    // Refused because someone changed it: the list, read again, shows the notice and its Reload.
    else if (customer) void customers.refetch();
  };

  const reload = async () => {
    const latest = (await customers.refetch()).data?.find((c) => c.id === customer?.id);
    if (!latest) return;
    guard.reloaded(latest.version, [`Name: ${values.name}`, `Email: ${values.email || '—'}`]);
    form.setValues({ name: latest.name, email: latest.email ?? '' });
  };

  const submit = async () => {
    if (!form.check(values)) return;
    // Two people may share a name, but a second "Alice Anders" is more often a slip: ask first.
    const twin = customers.data?.find((c) => c.id !== customer?.id && sameName(c.name, values.name));
    if (twin) return setAsking(twin);
    await write();
  };

  return (
    <>
      <FormDialog
        opened={asking === null}
        title={customer ? 'Edit Customer' : 'Add Customer'}
        submitLabel={customer ? 'Save Changes' : 'Add Customer'}
        busy={create.isPending || update.isPending}
        onSubmit={() => void submit()}
        onClose={onClose}
      >
        {customer && <VersionNotice guard={guard} onReload={() => void reload()} reloading={customers.isFetching} />}
        <TextInput label="Name" required data-autofocus {...form.field('name')} />
        <TextInput label="Email" type="email" placeholder="Optional" {...form.field('email')} />
      </FormDialog>
      <ConfirmDialog
        opened={asking !== null}
        title="Same name"
        message={
          <>
            A customer named {asking?.name} already exists{asking?.email ? ` (${asking.email})` : ''}. Save another customer with this name?
          </>
        }
        confirmLabel={customer ? 'Save anyway' : 'Add anyway'}
        busy={create.isPending || update.isPending}
        onConfirm={() => void write()}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
