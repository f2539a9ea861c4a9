import { lazyDialog } from '../../components/lazy-dialog';

export type { RedemptionAction } from './redemption-actions-body';

/** Receive, reject or cancel a redemption (redemption-actions-body.tsx): its code, and the form's zod schema, fetched when it first opens (decisions 222, 223). */
export const RedemptionActionDialog = lazyDialog(
  () => import('./redemption-actions-body').then((m) => m.RedemptionActionDialogBody),
  (props) => ({ ...props, action: null }),
  (props) => props.action !== null,
);
