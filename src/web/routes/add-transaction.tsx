import { RecentPanel } from '../features/transactions/recent-panel';
import { TransactionForm } from '../features/transactions/transaction-form';

/** Spec 2.7: the entry form above the Recent Transactions panel of the chosen casino. */
export function AddTransactionPage() {
  return <TransactionForm below={(casinoId) => <RecentPanel key={casinoId} casinoId={casinoId} />} />;
}
