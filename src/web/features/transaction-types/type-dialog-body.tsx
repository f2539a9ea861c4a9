import { TextInput } from '@mantine/core';
import { FormDialog } from '../../components/form-dialog';
import { useMutation } from '@tanstack/react-query';
import { createTypeInput } from '../../../shared/schemas/transaction-types';
import { toOptions, useAllTypes, useCasinos } from '../../lib/master-data';
import { useForm } from '../../lib/use-form';
import { zodValidate } from '../../lib/zod-form';
import { trpc } from '../../trpc';
import type { TransactionTypeView } from '../../lib/api-types';
import { useVersionGuard, VersionNotice } from '../../components/version-notice';
import { Select } from '../../components/select';

const validate = zodValidate(createTypeInput);

interface Props {
  type: TransactionTypeView | null;
  defaultCasinoId: string;
  onClose: () => void;
}

/** Add Type (casino and name) / Edit Type (name only). A fresh form each time it opens (decision 075). */
export function TypeDialogBody({ opened, ...props }: Props & { opened: boolean }) {
  return opened ? <TypeForm key={props.type?.id ?? 'new'} {...props} /> : null;
}

function TypeForm({ type, defaultCasinoId, onClose }: Props) {
  const casinos = useCasinos();
  const form = useForm(() => ({ name: type?.name ?? '', casinoId: type ? String(type.casinoId) : defaultCasinoId }), validate);
  const create = useMutation(trpc.transactionTypes.create.mutationOptions());
  const rename = useMutation(trpc.transactionTypes.rename.mutationOptions());
  const types = useAllTypes();
  // The version the form was loaded at, against the list's, which the change stream refreshes (decision 151).
  const guard = useVersionGuard(type?.version ?? 0, types.data?.find((t) => t.id === type?.id)?.version);

  const submit = async () => {
    const ok = await form.submit(
      form.values,
      (values) => (type ? rename.mutateAsync({ id: type.id, name: values.name, version: guard.basis }) : create.mutateAsync(values)),
      {
        success: type ? ['Updated', 'Transaction type updated'] : ['Created', 'Transaction type added'],
        failure: type ? 'Failed to update transaction type' : 'Failed to add transaction type',
      },
    );
    if (ok) onClose();
    // Refused because someone changed it: the list, read again, shows the notice and its Reload.
    else if (type) void types.refetch();
  };

  const reload = async () => {
    const latest = (await types.refetch()).data?.find((t) => t.id === type?.id);
    if (!latest) return;
    guard.reloaded(latest.version, [`Name: ${form.values.name}`]);
    form.setValues({ ...form.values, name: latest.name });
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
      {type && <VersionNotice guard={guard} onReload={() => void reload()} reloading={types.isFetching} />}
      {!type && (
        <Select
          label="Casino"
          placeholder="Choose a casino"
          searchable
          data={toOptions(casinos.data)}
          value={form.values.casinoId || null}
          onChange={(v) => form.set('casinoId', v ?? '')}
          error={form.errors.casinoId}
        />
      )}
      <TextInput label="Name" placeholder="e.g. Purchase" data-autofocus {...form.field('name')} />
    </FormDialog>
  );
}
