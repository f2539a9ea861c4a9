import { lazyDialog } from '../../components/lazy-dialog';

/** Copy types from another casino (copy-types-dialog-body.tsx): its code, and the form's zod schema, fetched when it first opens (decisions 222, 223). */
export const CopyTypesDialog = lazyDialog(
  () => import('./copy-types-dialog-body').then((m) => m.CopyTypesDialogBody),
  (props) => ({ ...props, opened: false }),
  (props) => props.opened,
);
