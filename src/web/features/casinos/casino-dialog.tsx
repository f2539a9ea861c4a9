import { lazyDialog } from '../../components/lazy-dialog';

/** Add Casino / Edit Casino (casino-dialog-body.tsx): its code, and the form's zod schema, fetched when it first opens (decisions 222, 223). */
export const CasinoDialog = lazyDialog(
  () => import('./casino-dialog-body').then((m) => m.CasinoDialogBody),
  (props) => ({ ...props, opened: false }),
  (props) => props.opened,
);
