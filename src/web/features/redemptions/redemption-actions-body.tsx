import { AttachmentsPanel } from '../attachments';
import { Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { formatGrouped, toHundredths } from '../../../shared/money';
import { receiveRedemptionInput } from '../../../shared/schemas/redemptions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { TypedNumberInput } from '../../components/typed-number-input';
import { useForm } from '../../lib/use-form';
import { useSave } from '../../lib/use-save';
import { zodValidate } from '../../lib/zod-form';
import { trpc } from '../../trpc';
import type { RedemptionView } from '../../lib/api-types';

export type RedemptionAction = { kind: 'receive' | 'reject' | 'cancel'; redemption: RedemptionView };

const validate = zodValidate(receiveRedemptionInput);
const coinsOf = (r: RedemptionView) =>
  `${formatGrouped(toHundredths(r.unplayedCoins))} SC${toHundredths(r.playedCoins) ? ` and ${formatGrouped(toHundredths(r.playedCoins))} played SC` : ''}`;

/** Mark received (USD prefilled with the expected amount, received today in office time unless changed), Reject or Cancel, each confirmed. */
export function RedemptionActionDialogBody({ action, onClose }: { action: RedemptionAction | null; onClose: () => void }) {
  if (!action) return null;
  return action.kind === 'receive' ? (
    <Receive key={action.redemption.id} r={action.redemption} onClose={onClose} />
  ) : (
    <Close key={action.redemption.id} kind={action.kind} r={action.redemption} onClose={onClose} />
  );
}

function Receive({ r, onClose }: { r: RedemptionView; onClose: () => void }) {
  const receive = useMutation(trpc.redemptions.receive.mutationOptions());
  const form = useForm({ usdReceived: r.expectedUsd, receivedAt: r.officeToday }, validate);
  const submit = async () => {
    const ok = await form.submit({ id: r.id, ...form.values }, receive.mutateAsync, {
      success: ['Redemption received', `${r.customerName} at ${r.casinoName}: ${form.values.usdReceived} USD received`],
      failure: 'Failed to mark the redemption received',
    });
    if (ok) onClose();
  };
  return (
    <FormDialog
      opened
      title={<Text fw={700}>Mark received</Text>}
      submitLabel="Mark received"
      busy={receive.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Text size="sm" c="dimmed">
        {r.customerName} at {r.casinoName}: {coinsOf(r)} requested, {r.expectedUsd} USD expected.
      </Text>
      {r.note && <Text size="sm">Note: {r.note}</Text>}
      <TypedNumberInput label="USD received" description="What arrived, after any fee" data-autofocus {...form.field('usdReceived')} />
      <TextInput label="Received on" type="date" max={r.officeToday} min={r.requestedDay} {...form.field('receivedAt')} />
      <AttachmentsPanel owner={{ redemptionId: r.id }} />
    </FormDialog>
  );
}

function Close({ kind, r, onClose }: { kind: 'reject' | 'cancel'; r: RedemptionView; onClose: () => void }) {
  const save = useSave();
  const reject = useMutation(trpc.redemptions.reject.mutationOptions());
  const cancel = useMutation(trpc.redemptions.cancel.mutationOptions());
  const busy = reject.isPending || cancel.isPending;
  const confirm = async () => {
    const ok = await save(() => (kind === 'reject' ? reject : cancel).mutateAsync({ id: r.id }), {
      success: [
        kind === 'reject' ? 'Redemption rejected' : 'Redemption cancelled',
        `${coinsOf(r)} back on ${r.customerName} at ${r.casinoName}`,
      ],
      failure: kind === 'reject' ? 'Failed to reject the redemption' : 'Failed to cancel the redemption',
    });
    if (ok) onClose();
  };
  return (
    <ConfirmDialog
      opened
      danger
      title={kind === 'reject' ? 'Reject redemption' : 'Cancel redemption'}
      message={`${kind === 'reject' ? 'The casino rejected' : 'Cancel'} the redemption of ${coinsOf(r)} for ${r.customerName} at ${r.casinoName}? The coins go back to the balance.${r.note ? ` Note: ${r.note}` : ''}`}
      confirmLabel={kind === 'reject' ? 'Reject' : 'Cancel redemption'}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
