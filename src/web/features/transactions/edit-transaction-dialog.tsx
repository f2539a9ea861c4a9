import { lazyDialog } from '../../components/lazy-dialog';

/** Spec 2.9's edit dialog (edit-transaction-dialog-body.tsx), its code fetched when it first opens (decision 222). */
export const EditTransactionDialog = lazyDialog(
  () => import('./edit-transaction-dialog-body').then((m) => m.EditTransactionDialogBody),
  (props) => ({ ...props, transaction: null }),
  (props) => props.transaction !== null,
);
