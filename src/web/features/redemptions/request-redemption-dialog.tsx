import { lazyDialog } from '../../components/lazy-dialog';

export type { RedemptionTarget } from './request-redemption-dialog-body';

/** Request Redemption (request-redemption-dialog-body.tsx), its code fetched when it first opens (decision 222). */
export const RequestRedemptionDialog = lazyDialog(
  () => import('./request-redemption-dialog-body').then((m) => m.RequestRedemptionDialogBody),
  (props) => ({ ...props, target: null }),
  (props) => props.target !== null,
);
