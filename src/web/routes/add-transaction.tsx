import { Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { RecentPanel } from '../features/transactions/recent-panel';
import { TransactionForm } from '../features/transactions/transaction-form';

/** Spec 2.7: the entry form above the Recent Transactions panel of the chosen casino. */
export function AddTransactionPage() {
  const [casinoId, setCasinoId] = useState('');
  const onCasinoChange = useCallback((id: string) => setCasinoId(id), []);
  return (
    <Stack gap="lg">
      <TransactionForm onCasinoChange={onCasinoChange} />
      <RecentPanel key={casinoId} casinoId={casinoId} />
    </Stack>
  );
}
