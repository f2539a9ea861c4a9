import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createCustomerInput, type CustomerView } from '../../../shared/schemas/customers';
import { useSave } from '../../lib/use-save';
import { zodValidate } from '../../lib/zod-form';
import { trpc } from '../../trpc';

const validate = zodValidate(createCustomerInput);

/** Add Customer / Edit Customer: name and optional email. `customer` null = adding. */
export function CustomerDialog({ opened, customer, onClose }: { opened: boolean; customer: CustomerView | null; onClose: () => void }) {
  const [values, setValues] = useState({ name: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSave();
  const create = useMutation(trpc.customers.create.mutationOptions());
  const update = useMutation(trpc.customers.update.mutationOptions());

  useEffect(() => {
    if (opened) setValues({ name: customer?.name ?? '', email: customer?.email ?? '' });
    setErrors({});
  }, [opened, customer]);

  const submit = async () => {
    const problems = validate(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const ok = await save(() => (customer ? update.mutateAsync({ id: customer.id, ...values }) : create.mutateAsync(values)), {
      success: [undefined, customer ? 'Customer updated successfully' : 'Customer created successfully'],
      failure: customer ? 'Failed to update customer' : 'Failed to create customer',
      invalidate: [trpc.customers.list.queryKey()],
      onFieldErrors: setErrors,
    });
    if (ok) onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={customer ? 'Edit Customer' : 'Add Customer'} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack>
          <TextInput label="Name" required data-autofocus value={values.name} onChange={(e) => setValues({ ...values, name: e.currentTarget.value })} error={errors.name} />
          <TextInput label="Email" type="email" placeholder="Optional" value={values.email} onChange={(e) => setValues({ ...values, email: e.currentTarget.value })} error={errors.email} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {customer ? 'Save Changes' : 'Add Customer'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
