import { Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable, EmptyState } from '../../components/data-table';
import { Panel } from '../../components/panel';
import { trpc } from '../../trpc';
import { type RedemptionAction, RedemptionActionDialog } from './redemption-actions';
import { redemptionColumns } from './redemption-columns';

/** One customer's or one casino's pending redemptions with their Receive / Reject / Cancel actions (their pages). */
export function PendingRedemptions({ of }: { of: { customerId: number } | { casinoId: number } }) {
  const [action, setAction] = useState<RedemptionAction | null>(null);
  const pending = useQuery(trpc.redemptions.list.queryOptions({ status: 'pending', ...of }));
  const columns = useMemo(() => redemptionColumns(setAction, 'pending'), []);
  const whose = 'customerId' in of ? 'of this customer' : 'at this casino';
  return (
    <Panel>
      <Title order={3} size="h4" mb="sm">
        Pending redemptions
      </Title>
      <DataTable
        label="Pending redemptions"
        columns={columns}
        data={pending.data?.redemptions ?? []}
        read={pending}
        numeric={['unplayedCoins', 'expectedUsd', 'actions']}
        empty={<EmptyState title="Nothing in transit" description={`No redemption ${whose} is waiting to be paid.`} />}
      />
      <RedemptionActionDialog action={action} onClose={() => setAction(null)} />
    </Panel>
  );
}
