import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { FormDialog } from '../../components/form-dialog';
import { useMutation } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { createUserInput, type CreateUserInput } from '../../../shared/schemas/users';
import { describeSaveError } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useForm } from '../../lib/use-form';
import { zodValidate } from '../../lib/zod-form';
import { trpc } from '../../trpc';
import { PasswordChecklist } from '../auth';
import { ROLE_OPTIONS } from '../../../shared/constants';
import { Select } from '../../components/select';

type Values = Required<CreateUserInput> & { firstName: string; lastName: string };
const initialValues: Values = { email: '', password: '', firstName: '', lastName: '', role: 'staff' };

const validate = zodValidate(createUserInput);

/** Spec 2.13: the Create User dialog; a fresh form each time it opens (decision 075). */
export function CreateUserDialogBody({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return opened ? <CreateUserForm onClose={onClose} /> : null;
}

function CreateUserForm({ onClose }: { onClose: () => void }) {
  const form = useForm(initialValues, validate);
  const { values, errors } = form;
  const create = useMutation(trpc.users.create.mutationOptions());

  /** A field's value and message; editing it clears its message. */
  const field = <K extends keyof Values>(key: K) => ({
    value: values[key],
    error: errors[key],
    onChange: (value: Values[K]) => form.change(key, value),
  });
  const text = (key: Exclude<keyof Values, 'role'>) => {
    const { onChange, ...rest } = field(key);
    return { ...rest, onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.currentTarget.value) };
  };

  const submit = async () => {
    if (!form.check(values)) return;
    try {
      await create.mutateAsync(values);
      notifySuccess('Created', 'User created');
      onClose();
    } catch (error) {
      form.showServerErrors(error);
      const { title, message } = describeSaveError(error, 'Failed to create user');
      notifyError(title, message);
    }
  };

  const role = field('role');
  return (
    <FormDialog
      opened
      title="Create User"
      submitLabel="Create User"
      busy={create.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
      size="lg"
    >
      <TextInput label="Email" type="email" required data-autofocus {...text('email')} />
      <PasswordInput label="Password" required autoComplete="new-password" {...text('password')} />
      <PasswordChecklist password={values.password} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First name" {...text('firstName')} />
        <TextInput label="Last name" {...text('lastName')} />
      </SimpleGrid>
      <Select
        label="Role"
        data={ROLE_OPTIONS}
        allowDeselect={false}
        value={role.value}
        error={role.error}
        onChange={(v) => v && role.onChange(v === 'admin' ? 'admin' : 'staff')}
      />
    </FormDialog>
  );
}
