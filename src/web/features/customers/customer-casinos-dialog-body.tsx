import { Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { DateField } from '../../components/date-field';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { LINK_STATUSES, type LinkStatus } from '../../../shared/constants';
import { FIRST_DAY, LAST_DAY } from '../../../shared/dates';
import { LoadError } from '../../components/load-error';
import { Coins } from '../../components/money';
import { failureOf } from '../../lib/errors';
import { useCasinos, useLinks } from '../../lib/master-data';
import { useSave } from '../../lib/use-save';
import { ReconcileDialog, type ReconcileTarget } from '../customer-casinos';
import { trpc } from '../../trpc';
import type { CustomerView } from '../../lib/api-types';
import { Select } from '../../components/select';

const STATUS_OPTIONS = LINK_STATUSES.map((s) => ({ value: s, label: s }));

/** Spec 2.10: the customer's link to each casino, with a status dropdown (inactive when no link). */
export function CustomerCasinosDialogBody({ customer, onClose }: { customer: CustomerView | null; onClose: () => void }) {
  const casinos = useCasinos();
  const [asOf, setAsOf] = useState('');
  const links = useLinks(customer?.id, asOf || undefined);
  const save = useSave();
  const setLink = useMutation(trpc.customerCasinos.set.mutationOptions());
  const failure = failureOf(casinos, links);
  const [reconciling, setReconciling] = useState<ReconcileTarget | null>(null);

  const change = async (casinoId: number, status: LinkStatus) => {
    // Based on the status shown (decision 151): refused if someone changed it since; then shown as it is.
    const version = links.data?.find((l) => l.casinoId === casinoId)?.version;
    const ok = await save(() => setLink.mutateAsync({ customerId: customer!.id, casinoId, status, version }), {
      success: ['Saved', 'Customer casino updated'],
      failure: 'Failed to update customer casino',
    });
    if (!ok) void links.refetch();
  };

  return (
    <Modal opened={customer !== null} onClose={onClose} title={<Text fw={700}>Casinos — {customer?.name}</Text>} size="xl" centered>
      <Stack>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Text size="sm" c="dimmed" maw={420}>
            Set this customer's status at each casino. Only active registrations can receive new transactions.
          </Text>
          <DateField
            label="As of"
            description={asOf ? 'Balances at the end of that day' : 'Today'}
            min={FIRST_DAY}
            max={LAST_DAY}
            size="xs"
            value={asOf || undefined}
            onChange={(day) => setAsOf(day ?? '')}
            w={170}
          />
        </Group>
        {failure ? (
          <LoadError failure={failure} compact />
        ) : (
          <ScrollArea.Autosize mah="60vh">
            <Table verticalSpacing="xs" striped aria-label="Customer casinos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Casino and balances</Table.Th>
                  <Table.Th>Casino balance</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(casinos.data ?? []).map((casino) => {
                  const link = links.data?.find((l) => l.casinoId === casino.id);
                  return (
                    <Table.Tr key={casino.id}>
                      <Table.Td>
                        <Group gap="xs">
                          <Text size="sm" fw={500}>
                            {casino.name}
                          </Text>
                          {!casino.isActive && (
                            <Badge size="xs" color="gray" variant="light">
                              Inactive casino
                            </Badge>
                          )}
                        </Group>
                        <Text size="xs" c="dimmed">
                          Unplayed <Coins value={link?.currentUnplayedCoins ?? '0.00'} size="xs" /> · Played{' '}
                          <Coins value={link?.currentPlayedCoins ?? '0.00'} size="xs" />
                        </Text>
                      </Table.Td>
                      <Table.Td w={110}>
                        {link && !asOf && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            aria-label={`Reconcile ${casino.name}`}
                            onClick={() =>
                              setReconciling({
                                customerId: link.customerId,
                                casinoId: casino.id,
                                customerName: customer?.name ?? '',
                                casinoName: casino.name,
                                unplayed: link.currentUnplayedCoins,
                                played: link.currentPlayedCoins,
                              })
                            }
                          >
                            Reconcile
                          </Button>
                        )}
                      </Table.Td>
                      <Table.Td w={140}>
                        <Select
                          size="xs"
                          aria-label={`Status at ${casino.name}`}
                          data={STATUS_OPTIONS}
                          value={link?.status ?? 'inactive'}
                          allowDeselect={false}
                          disabled={links.isPending}
                          onChange={(v) => v && v !== (link?.status ?? 'inactive') && void change(casino.id, v as LinkStatus)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        {casinos.data?.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            No casinos yet. Add casinos on the Casinos page first.
          </Text>
        )}
      </Stack>
      <ReconcileDialog target={reconciling} onClose={() => setReconciling(null)} />
    </Modal>
  );
}
