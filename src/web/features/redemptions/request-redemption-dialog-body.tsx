import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { formatGrouped, toHundredths } from '../../../shared/money';
import { requestRedemptionInput } from '../../../shared/schemas/redemptions';
import { FormDialog } from '../../components/form-dialog';
import { TypedNumberInput } from '../../components/typed-number-input';
import { activeCasinosOf } from '../transactions';
import { customerOptions, toOptions, useAllLinks, useCasinos, useCustomers } from '../../lib/master-data';
import { useForm } from '../../lib/use-form';
import { zodValidate } from '../../lib/zod-form';
import { trpc } from '../../trpc';
import { Select } from '../../components/select';

const validate = zodValidate(requestRedemptionInput);

export interface RedemptionTarget {
  customerId?: number;
  casinoId?: number;
}

/**
 * "Request redemption" (decision 060): the coins leave the balance now and the USD is expected later.
 * Opened from Add Transaction (for the chosen customer and casino) and from the Redemptions page.
 */
export function RequestRedemptionDialogBody({ target, onClose }: { target: RedemptionTarget | null; onClose: () => void }) {
  return target ? <RequestRedemption key={`${target.customerId}-${target.casinoId}`} target={target} onClose={onClose} /> : null;
}

function RequestRedemption({ target, onClose }: { target: RedemptionTarget; onClose: () => void }) {
  const customers = useCustomers();
  const casinos = useCasinos();
  const links = useAllLinks();
  const request = useMutation(trpc.redemptions.request.mutationOptions());
  const form = useForm(
    {
      customerId: target.customerId ? String(target.customerId) : '',
      casinoId: target.casinoId ? String(target.casinoId) : '',
      unplayedCoins: '',
      playedCoins: '',
      expectedUsd: '',
      note: '',
    },
    validate,
  );
  const { values, errors } = form;
  const activeCasinos = activeCasinosOf(links.data, casinos.data, values.customerId);
  const link = links.data?.find((l) => String(l.customerId) === values.customerId && String(l.casinoId) === values.casinoId);

  const submit = async () => {
    const payload = { ...values, playedCoins: values.playedCoins === '' ? undefined : values.playedCoins, note: values.note || undefined };
    const ok = await form.submit(payload, request.mutateAsync, {
      success: ['Redemption requested', 'The coins left the balance; the USD counts once it is received'],
      failure: 'Failed to request redemption',
    });
    if (ok) onClose();
  };

  return (
    <FormDialog
      opened
      title={<Text fw={700}>Request redemption</Text>}
      submitLabel="Request redemption"
      busy={request.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label="Customer"
          searchable
          openOnFocus={false}
          data={customerOptions(customers.data?.filter((c) => c.isActive))}
          value={values.customerId || null}
          onChange={(v) => form.setValues((now) => ({ ...now, customerId: v ?? '', casinoId: '' }))}
          error={errors.customerId}
          data-autofocus={!target.customerId || undefined}
        />
        <Select
          label="Casino"
          searchable
          openOnFocus={false}
          data={toOptions(activeCasinos)}
          value={values.casinoId || null}
          onChange={(v) => form.set('casinoId', v ?? '')}
          error={errors.casinoId}
          disabled={!values.customerId}
          placeholder={values.customerId ? 'Choose a casino' : 'Select a customer first'}
        />
      </SimpleGrid>
      {link && (
        <Text size="sm" c="dimmed" data-testid="redemption-balance">
          Balance: {formatGrouped(toHundredths(link.currentUnplayedCoins))} unplayed, {formatGrouped(toHundredths(link.currentPlayedCoins))}{' '}
          played SC
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <TypedNumberInput label="Unplayed SC" {...form.field('unplayedCoins')} data-autofocus={target.customerId ? true : undefined} />
        <TypedNumberInput label="Played SC" placeholder="0.00" {...form.field('playedCoins')} />
        <TypedNumberInput label="Expected USD" {...form.field('expectedUsd')} />
      </SimpleGrid>
      <TextInput label="Note" placeholder="Optional" {...form.field('note')} />
    </FormDialog>
  );
}
