import { Badge, Button, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconCashBanknote, IconDeviceFloppy, IconEraser, IconPlus, IconScale } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { DEFAULT_SC_RATIO } from '../../../shared/constants';
import { describeSaveError, failureOf, isUnauthorized } from '../../lib/errors';
import { customerOptions, toOptions, useAllLinks, useAllTypes, useCasinos, useCustomers } from '../../lib/master-data';
import { LoadError } from '../../components/load-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useForm } from '../../lib/use-form';
import { checksOnUse, useCheckedSave } from '../../lib/checks-on-use';
import { trpc } from '../../trpc';
import { ReconcileDialog, type ReconcileTarget } from '../customer-casinos';
import { RequestRedemptionDialog, type RedemptionTarget } from '../redemptions';
import { AmountFields } from './amount-fields';
import { DateNowControl, fromLocalInput } from './occurred-at';
import { CalculatedValues } from './calculated-values';
import { useBalanceBefore } from './use-balance-before';
import { ConfirmEntry } from './confirm-entry';
import { entryConcerns } from './entry-concerns';
import { formatDateTime } from '../../lib/format';
import { tipProps } from '../../components/tip-props';
import { useEntryKeys, useListEnter } from './use-entry-keys';
import {
  activeCasinosOf,
  afterSave,
  EMPTY_FORM,
  linkBalance,
  preview,
  type TxFormValues,
  withCasino,
  withCustomer,
  withNextCasino,
  withoutChanged,
} from './form-state';
// Its fields take keys the moment they are focused (decision 257).
import { Select } from '../../components/select';

const DRAFT_KEY = 'transaction-draft';
// The form's check comes with its first use, not before the screen's first paint (decision 230).
const checks = checksOnUse(() => import('../../../shared/schemas/transactions').then((m) => m.createTransactionInput));

function loadDraft(): TxFormValues {
  try {
    const saved = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<TxFormValues> | null;
    return saved ? { ...EMPTY_FORM, ...saved } : EMPTY_FORM;
  } catch {
    return EMPTY_FORM;
  }
}

/** The draft, started on `customerId` when a page asked for that customer (its casino and type chosen afresh). */
function draftFor(customerId: number | undefined): TxFormValues {
  const draft = loadDraft();
  if (customerId === undefined || draft.customerId === String(customerId)) return draft;
  return withCustomer(draft, String(customerId), []);
}

/**
 * Spec 2.7: the quick-entry form, and below it what follows the chosen casino (the Recent panel). The
 * casino is handed down in the render, not copied into the page's state by an effect after mount: that
 * copy set the page's state twice on every mount (first no casino, then the remembered one), mounting
 * the panel twice.
 */
export function TransactionForm({ below, customerId }: { below: (casinoId: string) => ReactNode; customerId?: number }) {
  const customers = useCustomers();
  const casinos = useCasinos();
  const links = useAllLinks();
  const optionsFailure = failureOf(customers, casinos, links);
  const form = useForm(() => draftFor(customerId), checks.validate);
  const { values, setValues, errors, setErrors } = form;
  // Every casino's types in one list (master data, small): the next casino's types are at hand at once.
  const types = useAllTypes();
  /** When it happened, as a datetime-local value; '' is now (decision 050). */
  const [occurredAt, setOccurredAt] = useState('');
  const create = useMutation(trpc.transactions.create.mutationOptions());
  const checked = useCheckedSave(checks);

  const active = useMemo(() => activeCasinosOf(links.data, casinos.data, values.customerId), [links.data, casinos.data, values.customerId]);
  const activeIds = active.map((c) => String(c.id));
  const casino = casinos.data?.find((c) => String(c.id) === values.casinoId);
  const scRatio = casino?.scRatio ?? DEFAULT_SC_RATIO;
  // A back-dated entry adds to the pair's balance at its date, from the server (decision 111).
  const dated = occurredAt ? fromLocalInput(occurredAt) : undefined;
  const before = useBalanceBefore(values, dated);
  const fromServer = dated !== undefined && before.asked;
  const calc = preview(values, fromServer ? before.base : linkBalance(links.data, values.customerId, values.casinoId), scRatio);
  const previewKnown = !fromServer || before.base !== null;
  const [concerns, setConcerns] = useState<string[] | null>(null);
  const [reconciling, setReconciling] = useState<ReconcileTarget | null>(null);
  const [redeeming, setRedeeming] = useState<RedemptionTarget | null>(null);
  const selectedLink = links.data?.find((l) => String(l.customerId) === values.customerId && String(l.casinoId) === values.casinoId);
  const customerName = customers.data?.find((c) => String(c.id) === values.customerId)?.name;
  const reconcileTarget: ReconcileTarget | null =
    selectedLink && casino && customerName
      ? {
          customerId: selectedLink.customerId,
          casinoId: selectedLink.casinoId,
          customerName,
          casinoName: casino.name,
          unplayed: selectedLink.currentUnplayedCoins,
          played: selectedLink.currentPlayedCoins,
        }
      : null;

  useEffect(() => localStorage.setItem(DRAFT_KEY, JSON.stringify(values)), [values]);

  const update = (next: TxFormValues) => {
    setValues(next);
    setErrors((current) => withoutChanged(current, values, next));
  };
  const checkField = (key: keyof TxFormValues) => {
    if (values[key] === '') return;
    const show = () => {
      const problem = checks.validate(values)[key];
      setErrors((current) => (problem ? { ...current, [key]: problem } : current));
    };
    // A field left before the check has come (the form's first moments) is checked once it is in.
    if (checks.ready()) show();
    else void checks.load().then(show);
  };
  const setField = (field: keyof TxFormValues) => (value: string) => update({ ...values, [field]: value });

  /** `confirmed`: the person has seen this entry's concerns and saves it anyway (decision 112). */
  const save = async (confirmed = false) => {
    // A save in the form's first moments waits for its check; a second press meanwhile is not a second save.
    if (create.isPending || (concerns && !confirmed) || (!checks.ready() && !(await checked()))) return;
    const payload = occurredAt ? { ...values, occurredAt: fromLocalInput(occurredAt) } : values;
    if (!form.check(payload)) return;
    const found = confirmed ? [] : entryConcerns(values, previewKnown ? calc : null);
    if (found.length) return setConcerns(found);
    setConcerns(null);
    try {
      await create.mutateAsync({ ...payload, idempotencyKey: crypto.randomUUID() });
      notifySuccess('Success', 'Transaction created successfully');
      update(afterSave(values));
      setOccurredAt('');
      keys.focus('type');
    } catch (error) {
      if (isUnauthorized(error)) return;
      form.showServerErrors(error);
      const { title, message } = describeSaveError(error, 'Failed to create transaction');
      notifyError(title, message);
    }
  };

  const nextCasino = () => {
    if (activeIds.length === 0) return;
    update(withNextCasino(values, activeIds));
    keys.focus('type');
  };
  const keys = useEntryKeys({ save: () => void save(), nextCasino });

  const customerOpts = customerOptions(customers.data?.filter((c) => c.isActive || String(c.id) === values.customerId));
  const casinoOpts = toOptions(active);
  const typeOpts = toOptions(types.data?.filter((t) => String(t.casinoId) === values.casinoId));
  const chooseCustomer = (v: string | null) => {
    update(
      withCustomer(
        values,
        v ?? '',
        activeCasinosOf(links.data, casinos.data, v ?? '').map((c) => String(c.id)),
      ),
    );
    if (v) keys.focus('casino');
  };
  const chooseCasino = (v: string | null) => {
    update(withCasino(values, v ?? ''));
    if (v) keys.focus('type');
  };
  const chooseType = (v: string | null) => {
    setField('transactionTypeId')(v ?? '');
    if (v) keys.focus('usd');
  };
  const customerEnter = useListEnter(keys.refs.customer, customerOpts, customers.isPending, chooseCustomer);
  const casinoEnter = useListEnter(keys.refs.casino, casinoOpts, casinos.isPending || links.isPending, chooseCasino);
  const typeEnter = useListEnter(keys.refs.type, typeOpts, types.isPending, chooseType);
  /** What a person sees while a list is on its way: a spinner, and "Loading..." in the open list. */
  const loading = (pending: boolean, nothingFound?: string) =>
    pending
      ? { rightSection: <Loader size="xs" aria-label="Loading" />, nothingFoundMessage: 'Loading...' }
      : { nothingFoundMessage: nothingFound };
  /** One of the three pickers: its place in the keyboard order, Enter on the first match, a spinner while its list loads. */
  const picker = (
    key: 'customer' | 'casino' | 'type',
    pick: { data: { value: string; label: string }[]; value: string; onChange: (v: string | null) => void },
    enter: typeof customerEnter,
    waiting: ReturnType<typeof loading>,
  ) => ({
    ref: keys.refs[key],
    ...keys.selectProps,
    searchable: true,
    takesKeys: true,
    ...pick,
    value: pick.value || null,
    ...enter,
    ...waiting,
  });

  const casinoHint = !values.customerId
    ? 'Select a customer to choose a casino'
    : links.isSuccess && active.length === 0
      ? 'No active casinos registered for this customer'
      : undefined;

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form
          ref={keys.refs.form}
          onFocusCapture={() => void checks.load()}
          onPointerDownCapture={() => void checks.load()}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
        >
          <Group justify="space-between" mb="md">
            <Text fw={700}>New transaction</Text>
            <Group gap="xs">
              {reconcileTarget && (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconCashBanknote size={14} />}
                  onClick={() => setRedeeming({ customerId: reconcileTarget.customerId, casinoId: reconcileTarget.casinoId })}
                >
                  Request redemption
                </Button>
              )}
              {reconcileTarget && (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconScale size={14} />}
                  onClick={() => setReconciling(reconcileTarget)}
                >
                  Reconcile
                </Button>
              )}
              <Badge variant="dot" color="teal">
                Auto-save enabled
              </Badge>
            </Group>
          </Group>
          <Stack gap="md">
            {optionsFailure && <LoadError failure={optionsFailure} />}
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Customer"
                  placeholder="Choose a customer"
                  {...picker(
                    'customer',
                    { data: customerOpts, value: values.customerId, onChange: chooseCustomer },
                    customerEnter,
                    loading(customers.isPending, 'No customers'),
                  )}
                  error={errors.customerId}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <Select
                    label="Casino"
                    placeholder="Choose a casino"
                    style={{ flex: 1 }}
                    {...picker(
                      'casino',
                      { data: casinoOpts, value: values.casinoId, onChange: chooseCasino },
                      casinoEnter,
                      loading(Boolean(values.customerId) && (casinos.isPending || links.isPending)),
                    )}
                    disabled={!values.customerId}
                    error={errors.casinoId}
                    description={casinoHint}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                  />
                  <Button
                    variant="light"
                    mt={25}
                    px="sm"
                    tabIndex={-1}
                    onClick={nextCasino}
                    disabled={activeIds.length === 0}
                    aria-keyshortcuts="Alt+N"
                    {...tipProps('Next Casino (Alt+N)')}
                    rightSection={<IconArrowRight size={16} />}
                  >
                    Next Casino
                  </Button>
                </Group>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Transaction Type"
                  placeholder={values.casinoId ? 'Choose a type' : 'Select a casino first'}
                  {...picker(
                    'type',
                    { data: typeOpts, value: values.transactionTypeId, onChange: chooseType },
                    typeEnter,
                    loading(Boolean(values.casinoId) && types.isPending),
                  )}
                  disabled={!values.casinoId}
                  error={errors.transactionTypeId}
                />
              </Grid.Col>
            </Grid>
            <AmountFields values={values} errors={errors} onChange={(key, value) => setField(key)(value)} onLeave={checkField} />
            <CalculatedValues
              values={calc}
              scRatio={scRatio}
              pending={fromServer && !before.base && !before.failure}
              failure={fromServer ? before.failure : null}
              basis={fromServer && dated ? `the balance at ${formatDateTime(dated)}` : undefined}
            />
            <Group justify="flex-end" gap="sm" align="flex-end">
              <DateNowControl
                value={occurredAt}
                onChange={(v) => {
                  setOccurredAt(v);
                  setErrors(({ occurredAt: _dropped, ...rest }) => rest);
                }}
                error={errors.occurredAt}
              />
              <Button variant="subtle" color="gray" leftSection={<IconEraser size={16} />} onClick={() => update(EMPTY_FORM)}>
                Clear Form
              </Button>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => void save()} disabled={create.isPending}>
                Save &amp; Add Another
              </Button>
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} />}
                loading={create.isPending}
                aria-keyshortcuts="Control+Enter"
              >
                Save Transaction
              </Button>
            </Group>
          </Stack>
        </form>
        <ReconcileDialog target={reconciling} onClose={() => setReconciling(null)} />
        <RequestRedemptionDialog target={redeeming} onClose={() => setRedeeming(null)} />
        <ConfirmEntry concerns={concerns} busy={create.isPending} onConfirm={() => void save(true)} onCancel={() => setConcerns(null)} />
      </Paper>
      {below(values.casinoId)}
    </Stack>
  );
}
