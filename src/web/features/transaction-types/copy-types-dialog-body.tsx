import { Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { copyTypesInput } from '../../../shared/schemas/transaction-types';
import { nameKey } from '../../../shared/names';
import { FormDialog } from '../../components/form-dialog';
import { toOptions, useAllTypes, useCasinos } from '../../lib/master-data';
import { useForm } from '../../lib/use-form';
import { zodValidate } from '../../lib/zod-form';
import { trpc } from '../../trpc';
import { Select } from '../../components/select';

const validate = zodValidate(copyTypesInput);

interface Props {
  /** The casino to give types to, when the screen has one chosen. */
  defaultCasinoId: string;
  onClose: () => void;
}

/** Gives a casino another casino's types in one step (decision 117); a fresh form each time it opens. */
export function CopyTypesDialogBody({ opened, ...props }: Props & { opened: boolean }) {
  return opened ? <CopyTypesForm {...props} /> : null;
}

function CopyTypesForm({ defaultCasinoId, onClose }: Props) {
  const casinos = useCasinos();
  const types = useAllTypes();
  const form = useForm(() => ({ id: defaultCasinoId, fromCasinoId: '' }), validate);
  const copy = useMutation(trpc.casinos.copyTypes.mutationOptions());
  const casinoName = (id: string) => casinos.data?.find((c) => String(c.id) === id)?.name ?? '';
  const namesAt = (id: string) => (types.data ?? []).filter((t) => String(t.casinoId) === id).map((t) => t.name);
  const held = new Set(namesAt(form.values.id).map(nameKey));
  const adding = form.values.fromCasinoId ? namesAt(form.values.fromCasinoId).filter((n) => !held.has(nameKey(n))) : [];

  const submit = async () => {
    const payload = { id: form.values.id, fromCasinoId: form.values.fromCasinoId };
    const ok = await form.submit(payload, () => copy.mutateAsync({ id: Number(payload.id), fromCasinoId: Number(payload.fromCasinoId) }), {
      success: ['Created', `${adding.length} ${adding.length === 1 ? 'type' : 'types'} added to ${casinoName(payload.id)}`],
      failure: 'Failed to copy transaction types',
    });
    if (ok) onClose();
  };

  const options = toOptions(casinos.data);
  return (
    <FormDialog
      opened
      title="Copy types from another casino"
      submitLabel={adding.length ? `Add ${adding.length} ${adding.length === 1 ? 'type' : 'types'}` : 'Copy types'}
      busy={copy.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Select
        label="Casino that gets the types"
        placeholder="Choose a casino"
        searchable
        data={options}
        value={form.values.id || null}
        onChange={(v) => form.set('id', v ?? '')}
        error={form.errors.id}
        data-autofocus
      />
      <Select
        label="Copy from"
        placeholder="Choose a casino"
        searchable
        data={options.filter((o) => o.value !== form.values.id)}
        value={form.values.fromCasinoId || null}
        onChange={(v) => form.set('fromCasinoId', v ?? '')}
        error={form.errors.fromCasinoId}
      />
      {form.values.id && form.values.fromCasinoId && (
        <Text size="sm" data-testid="copy-types-preview">
          {adding.length
            ? `Adds ${adding.join(', ')}. Types ${casinoName(form.values.id)} already has are left as they are.`
            : `${casinoName(form.values.id)} already has every type of ${casinoName(form.values.fromCasinoId)}.`}
        </Text>
      )}
    </FormDialog>
  );
}
