import { lazyDialog } from '../../components/lazy-dialog';

export type { ReconcileTarget } from './reconcile-dialog-body';

/** The reconciliation dialog (reconcile-dialog-body.tsx), its code fetched when it first opens (decision 222). */
export const ReconcileDialog = lazyDialog(
  () => import('./reconcile-dialog-body').then((m) => m.ReconcileDialogBody),
  (props) => ({ ...props, target: null }),
  (props) => props.target !== null,
);
