import { useSearch } from '@tanstack/react-router';
import { RecentPanel } from '../features/transactions/recent-panel';
import { TransactionForm } from '../features/transactions/transaction-form';

/** Spec 2.7: the entry form above the Recent Transactions panel of the chosen casino. */
export function AddTransactionPage() {
  const { customerId } = useSearch({ strict: false });
  return <TransactionForm customerId={customerId} below={(casinoId) => <RecentPanel key={casinoId} casinoId={casinoId} />} />;
}
