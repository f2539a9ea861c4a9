import { Button, Group, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { AttachmentsPanel } from '../attachments';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DEFAULT_SC_RATIO } from '../../../shared/constants';
import { updateTransactionInput } from '../../../shared/schemas/transactions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { failureOf, formatIssues, httpStatusOf, isUnauthorized, messageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { customerOptions, toOptions, useAllLinks, useCasinos, useCustomers, useTypes } from '../../lib/master-data';
import { LoadError } from '../../components/load-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useForm } from '../../lib/use-form';
import { zodValidate } from '../../lib/zod-form';
import { trpc, trpcClient } from '../../trpc';
import { notifyWithUndo } from '../../components/undo-toast';
import { AmountFields } from './amount-fields';
import { CalculatedValues } from './calculated-values';
import { useBalanceBefore } from './use-balance-before';
import { ConfirmEntry } from './confirm-entry';
import { entryConcerns } from './entry-concerns';
import { DateField, fromLocalInput, toLocalInput } from './occurred-at';
import { TransactionAudit } from './transaction-audit';
import { activeCasinosOf, preview, type TxFormValues, withCasino, withoutChanged } from './form-state';
import type { TransactionView } from '../../lib/api-types';
import { useVersionGuard, VersionNotice } from '../../components/version-notice';
// Its fields take keys the moment they are focused: Mantine's Select from the start (decision 225).
import { LoadedSelect as Select } from '../../components/select-loaded';

const validate = zodValidate(updateTransactionInput);

const fromTransaction = (t: TransactionView): TxFormValues => ({
  customerId: String(t.customerId),
  casinoId: String(t.casinoId),
  transactionTypeId: String(t.transactionTypeId),
  unplayedCoinsChange: t.unplayedCoinsChange,
  playedCoinsChange: t.playedCoinsChange,
  usdChange: t.usdChange,
});

/** In the edit dialog an empty amount counts as 0 (spec 5). */
const zeroIfEmpty = (v: string) => (v.trim() === '' ? '0' : v);

/** Spec 2.9: edit a transaction, or delete it after the spec's confirmation. Fetches only while open. */
export function EditTransactionDialogBody({ transaction, onClose }: { transaction: TransactionView | null; onClose: () => void }) {
  return transaction ? <EditTransaction key={transaction.id} transaction={transaction} onClose={onClose} /> : null;
}

function EditTransaction({ transaction: opened, onClose }: { transaction: TransactionView; onClose: () => void }) {
  // The entry as the form was loaded from it; "Reload current values" replaces it (decision 151).
  const [transaction, setTransaction] = useState(opened);
  // Refreshed when the change stream says the entry changed: its version then moves past the form's.
  const current = useQuery(trpc.transactions.get.queryOptions({ id: opened.id }));
  const guard = useVersionGuard(opened.version, current.data?.version);
  const customers = useCustomers();
  const casinos = useCasinos();
  const links = useAllLinks();
  const optionsFailure = failureOf(customers, casinos, links);
  const form = useForm(() => fromTransaction(transaction), validate);
  const { values, setValues, errors, setErrors } = form;
  const [confirming, setConfirming] = useState(false);
  const [concerns, setConcerns] = useState<string[] | null>(null);
  const [date, setDate] = useState(() => toLocalInput(transaction.date));
  const dateChanged = date !== toLocalInput(transaction.date);
  const types = useTypes(values.casinoId ? Number(values.casinoId) : undefined);
  const update = useMutation(trpc.transactions.update.mutationOptions());
  const remove = useMutation(trpc.transactions.delete.mutationOptions());

  const casinoOptions = useMemo(() => {
    const active = activeCasinosOf(links.data, casinos.data, values.customerId);
    const current = casinos.data?.find((c) => String(c.id) === values.casinoId);
    return toOptions(current && !active.includes(current) ? [current, ...active] : active);
  }, [links.data, casinos.data, values]);

  const casino = casinos.data?.find((c) => String(c.id) === values.casinoId);
  const scRatio = casino?.scRatio ?? DEFAULT_SC_RATIO;
  // The pair's balance just before this entry at its (new) date, without the entry itself (decision 111).
  const at = dateChanged ? fromLocalInput(date) : transaction.date;
  const before = useBalanceBefore(values, at, transaction.id);
  const calc = preview(values, before.base, scRatio);
  /**
   * What this edit would bring that the entry, left as it is at the same place, does not already have: a
   * correction to an entry saved below zero after the question is not asked it again (decision 112).
   */
  const newConcerns = () => {
    if (!before.base) return entryConcerns(values, null);
    const kept = fromTransaction(transaction);
    const samePair = kept.customerId === values.customerId && kept.casinoId === values.casinoId;
    const already = samePair ? entryConcerns(kept, preview(kept, before.base, scRatio)) : [];
    return entryConcerns(values, calc).filter((c) => !already.includes(c));
  };

  const set = (next: TxFormValues) => {
    setValues(next);
    setErrors((current) => withoutChanged(current, values, next));
  };

  /** Undo from the toast: runs after the dialog has closed, so it uses the client directly. */
  const undo = async (write: () => Promise<unknown>, done: string) => {
    try {
      await write();
      notifySuccess(undefined, done);
    } catch (error) {
      notifyError('Error', messageOf(error, 'Failed to undo'));
    }
  };

  const cancel = () => {
    setValues(fromTransaction(transaction));
    setDate(toLocalInput(transaction.date));
    onClose();
  };

  const payloadOf = (v: TxFormValues) => ({
    id: transaction.id,
    ...v,
    unplayedCoinsChange: zeroIfEmpty(v.unplayedCoinsChange),
    playedCoinsChange: zeroIfEmpty(v.playedCoinsChange),
    usdChange: zeroIfEmpty(v.usdChange),
    // The date is sent only when changed, so an edit keeps the seconds of a date it does not touch.
    ...(dateChanged ? { occurredAt: fromLocalInput(date) } : {}),
  });

  const checkField = (key: keyof TxFormValues) => {
    const problem = validate(payloadOf(values))[key];
    setErrors((current) => (problem ? { ...current, [key]: problem } : current));
  };

  /** `confirmed`: the person has seen the edit's concerns and saves it anyway (decision 112). */
  const save = async (confirmed = false) => {
    const payload = payloadOf(values);
    if (!form.check(payload)) return;
    const found = confirmed ? [] : newConcerns();
    if (found.length) return setConcerns(found);
    setConcerns(null);
    try {
      await update.mutateAsync({ ...payload, version: guard.basis });
      const previous = { ...payloadOf(fromTransaction(transaction)), ...(dateChanged ? { occurredAt: transaction.date } : {}) };
      notifyWithUndo('Success', 'Transaction updated successfully', () =>
        undo(() => trpcClient.transactions.update.mutate(previous), 'The edit was undone'),
      );
      onClose();
    } catch (error) {
      if (isUnauthorized(error)) return;
      // Someone saved it first: their change is not overwritten; the form keeps what was typed.
      if (httpStatusOf(error) === 409 && (await current.refetch()).data?.version !== guard.basis) guard.refused(messageOf(error, ''));
      const issues = form.showServerErrors(error);
      // A refusal the server explains (a redemption's entry, decision 061) is shown with its reason.
      const reason = issues.length ? formatIssues(issues) : httpStatusOf(error) === 409 ? messageOf(error, '') : '';
      notifyError('Error', reason ? `Failed to update transaction. ${reason}` : 'Failed to update transaction');
    }
  };

  /** The entry's current values replace the form's; what was typed stays listed to copy from. */
  const reload = async () => {
    const latest = (await current.refetch()).data;
    if (!latest) return;
    const name = (list: { id: number; name: string }[] | undefined, id: string) => list?.find((r) => String(r.id) === id)?.name ?? '—';
    guard.reloaded(latest.version, [
      `Date: ${formatDateTime(fromLocalInput(date))}`,
      `Customer: ${name(customers.data, values.customerId)}`,
      `Casino: ${name(casinos.data, values.casinoId)}`,
      `Transaction Type: ${name(types.data, values.transactionTypeId)}`,
      `Unplayed coins change: ${values.unplayedCoinsChange}`,
      `Played coins change: ${values.playedCoinsChange}`,
      `USD change: ${values.usdChange}`,
    ]);
    setTransaction(latest);
    setValues(fromTransaction(latest));
    setDate(toLocalInput(latest.date));
    setErrors({});
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync({ id: transaction.id });
      notifyWithUndo(undefined, 'Transaction deleted successfully', () =>
        undo(() => trpcClient.transactions.restore.mutate({ id: transaction.id }), 'The transaction was restored'),
      );
      setConfirming(false);
      onClose();
    } catch (error) {
      setConfirming(false);
      if (isUnauthorized(error)) return;
      const reason = httpStatusOf(error) === 409 ? messageOf(error, '') : '';
      notifyError('Error', reason ? `Failed to delete transaction. ${reason}` : 'Failed to delete transaction');
    }
  };

  return (
    <>
      <Modal opened={!confirming && !concerns} onClose={cancel} title={<Text fw={700}>Edit Transaction</Text>} size="xl" centered>
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="details">Details</Tabs.Tab>
            <Tabs.Tab value="history">History</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="history">
            <TransactionAudit id={transaction.id} />
          </Tabs.Panel>
          <Tabs.Panel value="details">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
              noValidate
            >
              <Stack>
                <VersionNotice guard={guard} onReload={() => void reload()} reloading={current.isFetching} />
                {optionsFailure && <LoadError failure={optionsFailure} />}
                <DateField
                  value={date}
                  onChange={(v) => {
                    setDate(v);
                    setErrors(({ occurredAt: _dropped, ...rest }) => rest);
                  }}
                  error={errors.occurredAt}
                />
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <Select
                    label="Customer"
                    searchable
                    data={customerOptions(customers.data)}
                    value={values.customerId || null}
                    onChange={(v) => set({ ...values, customerId: v ?? '' })}
                    error={errors.customerId}
                  />
                  <Select
                    label="Casino"
                    searchable
                    data={casinoOptions}
                    value={values.casinoId || null}
                    onChange={(v) => set(withCasino(values, v ?? ''))}
                    error={errors.casinoId}
                  />
                  <Select
                    label="Transaction Type"
                    searchable
                    data={toOptions(types.data)}
                    value={values.transactionTypeId || null}
                    onChange={(v) => set({ ...values, transactionTypeId: v ?? '' })}
                    disabled={!values.casinoId}
                    error={errors.transactionTypeId}
                  />
                </SimpleGrid>
                <AmountFields
                  values={values}
                  errors={errors}
                  onChange={(key, value) => set({ ...values, [key]: value })}
                  onLeave={checkField}
                  emptyAs="0"
                />
                <CalculatedValues
                  values={calc}
                  scRatio={scRatio}
                  pending={before.asked && !before.base && !before.failure}
                  failure={before.failure}
                  basis={before.asked ? `the balance at ${formatDateTime(at)}` : undefined}
                />
                <AttachmentsPanel owner={{ transactionId: transaction.id }} />
                <Group justify="space-between">
                  <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
                    Delete
                  </Button>
                  <Group gap="sm">
                    <Button variant="default" onClick={cancel}>
                      Cancel
                    </Button>
                    <Button type="submit" disabled={update.isPending} loading={update.isPending}>
                      Save Changes
                    </Button>
                  </Group>
                </Group>
              </Stack>
            </form>
          </Tabs.Panel>
        </Tabs>
      </Modal>
      <ConfirmEntry concerns={concerns} busy={update.isPending} onConfirm={() => void save(true)} onCancel={() => setConcerns(null)} />
      <ConfirmDialog
        opened={confirming}
        title="Delete transaction"
        danger
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
        message={
          <>
            Are you sure you want to delete this transaction? This action cannot be undone.
            <br />
            <br />
            <b>
              {transaction.customer.name} · {transaction.casino.name} · {transaction.transactionType.name} ·{' '}
              {formatDateTime(transaction.date)}
            </b>
          </>
        }
      />
    </>
  );
}
