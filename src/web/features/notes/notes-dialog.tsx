import { Button } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { lazyDialog } from '../../components/lazy-dialog';
import type { NotesDialogProps } from './notes-dialog-body';

/**
 * The Notes dialog of a customer or a casino, its code fetched when it first opens (decision 222): a grid's
 * screen built a closed Mantine Modal at its first paint before (decision 229).
 */
export const NotesDialog = lazyDialog<NotesDialogProps>(
  () => import('./notes-dialog-body').then((m) => m.NotesDialogBody),
  (props) => ({ ...props, target: null }),
  (props) => props.target !== null,
);

/** The grids' row button that opens it. */
export function NotesButton({ onClick, name }: { onClick: () => void; name: string }) {
  return (
    <Button size="xs" variant="light" leftSection={<IconNotes size={14} />} onClick={onClick} aria-label={`Notes on ${name}`}>
      Notes
    </Button>
  );
}
