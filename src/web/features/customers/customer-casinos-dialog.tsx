import { lazyDialog } from '../../components/lazy-dialog';

/** A customer's casinos (customer-casinos-dialog-body.tsx), its code fetched when it first opens (decision 222). */
export const CustomerCasinosDialog = lazyDialog(
  () => import('./customer-casinos-dialog-body').then((m) => m.CustomerCasinosDialogBody),
  (props) => ({ ...props, customer: null }),
  (props) => props.customer !== null,
);
