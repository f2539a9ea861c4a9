import { lazyDialog } from '../../components/lazy-dialog';

/** Add Customer / Edit Customer (customer-dialog-body.tsx): its code, and the form's zod schema, fetched when it first opens (decisions 222, 223). */
export const CustomerDialog = lazyDialog(
  () => import('./customer-dialog-body').then((m) => m.CustomerDialogBody),
  (props) => ({ ...props, opened: false }),
  (props) => props.opened,
);
