import { PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { FormDialog } from '../../components/form-dialog';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createUserInput, type CreateUserInput } from '../../../shared/schemas/users';
import { describeSaveError, fieldErrorsOf, fieldIssuesOf } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { zodValidate } from '../../lib/zod-form';
import { trpc } from '../../trpc';
import { PasswordChecklist } from '../auth/password-checklist';
import { ROLE_OPTIONS } from '../../../shared/constants';

type Values = Required<CreateUserInput> & { firstName: string; lastName: string };
const initialValues: Values = { email: '', password: '', firstName: '', lastName: '', role: 'staff' };

/** Spec 2.13: the Create User dialog. */
export function CreateUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({ initialValues, validate: zodValidate(createUserInput) });
  const create = useMutation(trpc.users.create.mutationOptions());

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      await queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() });
      notifySuccess('Created', 'User created');
      close();
    } catch (error) {
      const issues = fieldIssuesOf(error);
      if (issues.length) form.setErrors(fieldErrorsOf(issues));
      const { title, message } = describeSaveError(error, 'Failed to create user');
      notifyError(title, message);
    }
  });

  return (
    <FormDialog opened={opened} title="Create User" submitLabel="Create User" busy={create.isPending} onSubmit={() => void submit()} onClose={close} size="lg">
      <TextInput label="Email" type="email" required data-autofocus {...form.getInputProps('email')} />
      <PasswordInput label="Password" required autoComplete="new-password" {...form.getInputProps('password')} />
      <PasswordChecklist password={form.values.password} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First name" {...form.getInputProps('firstName')} />
        <TextInput label="Last name" {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <Select
        label="Role"
        data={ROLE_OPTIONS}
        allowDeselect={false}
        {...form.getInputProps('role')}
      />
    </FormDialog>
  );
}
