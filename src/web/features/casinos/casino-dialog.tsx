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
export function CasinoDialog({ opened, casino, onClose }: { opened: boolean; casino: CasinoView | null; onClose: () => void }) {
  return opened ? <CasinoForm key={casino?.id ?? 'new'} casino={casino} onClose={onClose} /> : null;
}

function CasinoForm({ casino, onClose }: { casino: CasinoView | null; onClose: () => void }) {
  const form = useForm<Values, Values>(() => valuesOf(casino), validate);
  const create = useMutation(trpc.casinos.create.mutationOptions());
  const update = useMutation(trpc.casinos.update.mutationOptions());

  const submit = async () => {
    const ok = await form.submit(
      form.values,
      (values) => (casino ? update.mutateAsync({ id: casino.id, ...values }) : create.mutateAsync(values)),
      {
        success: [undefined, casino ? 'Casino updated successfully' : 'Casino created successfully'],
        failure: casino ? 'Failed to update casino' : 'Failed to create casino',
      },
    );
    if (ok) onClose();
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
