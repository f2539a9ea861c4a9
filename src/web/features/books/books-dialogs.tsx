import { nextDay } from '../../../shared/dates';
import { lazyDialog } from '../../components/lazy-dialog';
import { formatDay } from '../../lib/format';

// The close and reopen dialogs (books-dialogs-body.tsx): their code, and their forms' zod schemas, fetched
// when one first opens (decisions 222, 223). Each is shown only while it is open.
const load =
  <K extends 'CloseBooksDialogBody' | 'ReopenBooksDialogBody'>(name: K) =>
  () =>
    import('./books-dialogs-body').then((m) => m[name]);
const shown = <P,>(props: P) => props;
const always = () => true;

/** "Close through...": a day before today (yesterday unless chosen), and a note. */
export const CloseBooksDialog = lazyDialog(load('CloseBooksDialogBody'), shown, always);
/** "Reopen": back to an earlier day, or everything, with a reason (required). */
export const ReopenBooksDialog = lazyDialog(load('ReopenBooksDialogBody'), shown, always);

/** The day after a closed day, for "open from" texts. */
export const openFrom = (through: string) => formatDay(nextDay(through));
