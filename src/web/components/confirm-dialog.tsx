import { lazyDialog } from './lazy-dialog';
import type { ConfirmDialogProps } from './confirm-dialog-body';

/**
 * Asks before a destructive or consequential action. Escape cancels. A destructive one (danger) puts the
 * focus on Cancel, so Enter pressed twice cannot destroy anything; any other focuses its confirm button.
 * Its modal's code (Mantine's Modal and its scroll lock) is fetched the first time one opens:
 * a screen that only might ask does not wait for it (decision 249).
 */
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(
  () => import('./confirm-dialog-body').then((m) => m.ConfirmDialogBody),
  (props) => ({ ...props, opened: false }),
  (props) => props.opened,
);
