import { Select, TextInput } from '@mantine/core';
import { FormDialog } from '../../components/form-dialog';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { createTypeInput } from '../../../shared/schemas/transaction-types';
import { toOptions, useCasinos } from '../../lib/master-data';
import { useSave } from '../../lib/use-save';
import { zodValidate } from '../../lib/zod-form';
import { trpc } from '../../trpc';
import type { TransactionTypeView } from '../../lib/api-types';

const validate = zodValidate(createTypeInput);

interface Props {
  type: TransactionTypeView | null;
  defaultCasinoId: string;
  onClose: () => void;
}

/** Add Type (casino and name) / Edit Type (name only). A fresh form each time it opens (decision 075). */
export function TypeDialog({ opened, ...props }: Props & { opened: boolean }) {
  return opened ? <TypeForm key={props.type?.id ?? 'new'} {...props} /> : null;
}

function TypeForm({ type, defaultCasinoId, onClose }: Props) {
  const casinos = useCasinos();
  const [values, setValues] = useState(() => ({ name: type?.name ?? '', casinoId: type ? String(type.casinoId) : defaultCasinoId }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSave();
  const create = useMutation(trpc.transactionTypes.create.mutationOptions());
  const rename = useMutation(trpc.transactionTypes.rename.mutationOptions());

  const submit = async () => {
    const problems = validate(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const ok = await save(() => (type ? rename.mutateAsync({ id: type.id, name: values.name }) : create.mutateAsync(values)), {
      success: type ? ['Updated', 'Transaction type updated'] : ['Created', 'Transaction type added'],
      failure: type ? 'Failed to update transaction type' : 'Failed to add transaction type',
      invalidate: [trpc.transactionTypes.pathKey()],
      onFieldErrors: setErrors,
    });
    if (ok) onClose();
  };

  return (
    <FormDialog
      opened
      title={type ? 'Edit Type' : 'Add Type'}
      submitLabel={type ? 'Save Changes' : 'Add Type'}
      busy={create.isPending || rename.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {!type && (
        <Select
          label="Casino"
          placeholder="Choose a casino"
          searchable
          data={toOptions(casinos.data)}
          value={values.casinoId || null}
          onChange={(v) => setValues({ ...values, casinoId: v ?? '' })}
          error={errors.casinoId}
        />
      )}
      <TextInput
        label="Name"
        placeholder="e.g. Purchase"
        data-autofocus
        value={values.name}
        onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
        error={errors.name}
      />
    </FormDialog>
  );
}
