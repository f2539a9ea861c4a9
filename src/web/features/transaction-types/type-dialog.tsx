import { lazyDialog } from '../../components/lazy-dialog';

/** Add Type / Edit Type (type-dialog-body.tsx): its code, and the form's zod schema, fetched when it first opens (decisions 222, 223). */
export const TypeDialog = lazyDialog(
  () => import('./type-dialog-body').then((m) => m.TypeDialogBody),
  (props) => ({ ...props, opened: false }),
  (props) => props.opened,
);
