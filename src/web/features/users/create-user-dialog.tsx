import { lazyDialog } from '../../components/lazy-dialog';

/** Add User (create-user-dialog-body.tsx): its code, and the form's zod schema, fetched when it first opens (decisions 222, 223). */
export const CreateUserDialog = lazyDialog(
  () => import('./create-user-dialog-body').then((m) => m.CreateUserDialogBody),
  (props) => ({ ...props, opened: false }),
  (props) => props.opened,
);
