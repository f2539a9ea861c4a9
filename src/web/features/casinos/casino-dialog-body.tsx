import { Switch, TextInput } from '@mantine/core';
import { FormDialog } from '../../components/form-dialog';
import { TypedNumberInput } from '../../components/typed-number-input';
import { useMutation } from '@tanstack/react-query';
import { DEFAULT_SC_RATIO } from '../../../shared/constants';
import { createCasinoInput } from '../../../shared/schemas/casinos';
import { useForm } from '../../lib/use-form';
import { zodValidate } from '../../lib/zod-form';
import { trpc } from '../../trpc';
import type { CasinoView } from '../../lib/api-types';
import { useCasinos } from '../../lib/master-data';
import { useVersionGuard, VersionNotice } from '../../components/version-notice';

const validate = zodValidate(createCasinoInput);
interface Values {
  name: string;
  website: string;
  isActive: boolean;
  scRatio: string;
}

const valuesOf = (casino: CasinoView | null): Values => ({
  name: casino?.name ?? '',
  website: casino?.website ?? '',
  isActive: casino?.isActive ?? true,
  scRatio: String(casino?.scRatio ?? DEFAULT_SC_RATIO),
});

/** Add Casino / Edit Casino: name, website, SC per $1 and active. `casino` null = adding. A fresh form each time it opens (decision 075). */
export function CasinoDialogBody({ opened, casino, onClose }: { opened: boolean; casino: CasinoView | null; onClose: () => void }) {
  return opened ? <CasinoForm key={casino?.id ?? 'new'} casino={casino} onClose={onClose} /> : null;
}

function CasinoForm({ casino, onClose }: { casino: CasinoView | null; onClose: () => void }) {
  const form = useForm<Values, Values>(() => valuesOf(casino), validate);
  const create = useMutation(trpc.casinos.create.mutationOptions());
  const update = useMutation(trpc.casinos.update.mutationOptions());
  const casinos = useCasinos();
  // The version the form was loaded at, against the list's, which the change stream refreshes (decision 151).
  const guard = useVersionGuard(casino?.version ?? 0, casinos.data?.find((c) => c.id === casino?.id)?.version);

  const submit = async () => {
    const ok = await form.submit(
      form.values,
      (values) => (casino ? update.mutateAsync({ id: casino.id, ...values, version: guard.basis }) : create.mutateAsync(values)),
      {
        success: [undefined, casino ? 'Casino updated successfully' : 'Casino created successfully'],
        failure: casino ? 'Failed to update casino' : 'Failed to create casino',
      },
    );
    if (ok) onClose();
    // Refused because someone changed it: the list, read again, shows the notice and its Reload.
    else if (casino) void casinos.refetch();
  };

  const reload = async () => {
    const latest = (await casinos.refetch()).data?.find((c) => c.id === casino?.id);
    if (!latest) return;
    const v = form.values;
    guard.reloaded(latest.version, [
      `Name: ${v.name}`,
      `Website: ${v.website || '—'}`,
      `SC per $1: ${v.scRatio}`,
      `Active: ${v.isActive ? 'Yes' : 'No'}`,
    ]);
    form.setValues(valuesOf(latest));
  };

  return (
    <FormDialog
      opened
      title={casino ? 'Edit Casino' : 'Add Casino'}
      submitLabel={casino ? 'Save Changes' : 'Add Casino'}
      busy={create.isPending || update.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {casino && <VersionNotice guard={guard} onReload={() => void reload()} reloading={casinos.isFetching} />}
      <TextInput label="Name" required data-autofocus {...form.field('name')} />
      <TextInput label="Website" placeholder="https://" {...form.field('website')} />
      <TypedNumberInput whole label="SC per $1" description="Coins per dollar, used for the purchase ratio" {...form.field('scRatio')} />
      <Switch
        label="Active"
        checked={form.values.isActive}
        onChange={(e) => form.setValues({ ...form.values, isActive: e.currentTarget.checked })}
      />
    </FormDialog>
  );
}
