import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { formatGrouped, formatSignedGrouped, parseHundredths, toHundredths } from '../../../shared/money';
import { reconcileInput } from '../../../shared/schemas/customer-casinos';
import { TypedNumberInput } from '../../components/typed-number-input';
import { fieldErrorsOf, fieldIssuesOf, isUnauthorized, messageOf } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useForm } from '../../lib/use-form';
import { zodValidate } from '../../lib/zod-form';
import { trpc } from '../../trpc';
import { PendingAttachments, uploadPending } from '../attachments';
import { useState } from 'react';

const validate = zodValidate(reconcileInput);

export interface ReconcileTarget {
  customerId: number;
  casinoId: number;
  customerName: string;
  casinoName: string;
  /** The ledger's current balances (decimal strings). */
  unplayed: string;
  played: string;
}

/** The live difference between what was typed and the ledger, or null while the entry is not a number. */
const differenceOf = (typed: string, ledger: string) => {
  const parsed = parseHundredths(typed);
  return parsed.ok ? parsed.value - toHundredths(ledger) : null;
};

/**
 * "Balance shown by the casino": the person types what the casino's site shows; the dialog shows the
 * difference live, then records one adjustment (or says the balances match).
 */
export function ReconcileDialogBody({ target, onClose }: { target: ReconcileTarget | null; onClose: () => void }) {
  return target ? <Reconcile key={`${target.customerId}-${target.casinoId}`} target={target} onClose={onClose} /> : null;
}

function Reconcile({ target, onClose }: { target: ReconcileTarget; onClose: () => void }) {
  const form = useForm({ unplayedCoins: target.unplayed, playedCoins: target.played, note: '' }, validate);
  const values = form.values;
  const reconcile = useMutation(trpc.customerCasinos.reconcile.mutationOptions());
  const du = differenceOf(values.unplayedCoins, target.unplayed);
  const dp = differenceOf(values.playedCoins, target.played);
  const matches = du === 0 && dp === 0;
  const [files, setFiles] = useState<File[]>([]);

  const submit = async () => {
    const payload = { customerId: target.customerId, casinoId: target.casinoId, ...values };
    if (!form.check(payload)) return;
    try {
      const result = await reconcile.mutateAsync(payload);
      await uploadPending(files, { reconciliationId: result.reconciliationId });
      notifySuccess(
        'Reconciled',
        result.adjustment
          ? `Adjustment recorded: unplayed ${result.differenceUnplayed}, played ${result.differencePlayed}`
          : 'Balances match',
      );
      onClose();
    } catch (error) {
      if (isUnauthorized(error)) return;
      const issues = fieldIssuesOf(error);
      if (issues.length) form.setErrors(fieldErrorsOf(issues));
      notifyError('Error', messageOf(error, 'Failed to reconcile'));
    }
  };

  const line = (label: string, d: number | null) => (
    <Text size="sm" data-testid={`reconcile-${label.toLowerCase()}`}>
      {label}: {d === null ? '—' : d === 0 ? 'no difference' : `${formatSignedGrouped(d)} to book`}
    </Text>
  );

  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>Balance shown by the casino</Text>} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {target.customerName} at {target.casinoName}. The ledger holds {formatGrouped(toHundredths(target.unplayed))} unplayed and{' '}
            {formatGrouped(toHundredths(target.played))} played.
          </Text>
          <SimpleGrid cols={2}>
            <TypedNumberInput label="Unplayed SC" data-autofocus {...form.field('unplayedCoins')} />
            <TypedNumberInput label="Played SC" {...form.field('playedCoins')} />
          </SimpleGrid>
          <TextInput label="Note" placeholder="Optional" {...form.field('note')} />
          <PendingAttachments files={files} onChange={setFiles} />
          <Alert color={matches ? 'teal' : 'yellow'} variant="light" icon={<IconScale />} title={matches ? 'Balances match' : 'Difference'}>
            {line('Unplayed', du)}
            {line('Played', dp)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={reconcile.isPending}>
              {matches ? 'Balances match' : 'Record adjustment'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
