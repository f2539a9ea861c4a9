import { lazyDialog } from '../../components/lazy-dialog';
import type { StatementDialogProps } from './statement-dialog-body';

/** The Statement button's dialog, its code fetched the first time it opens (decision 249). */
export const StatementDialog = lazyDialog<StatementDialogProps>(
  () => import('./statement-dialog-body').then((m) => m.StatementDialogBody),
  (props) => ({ ...props, opened: false }),
  (props) => props.opened,
);
