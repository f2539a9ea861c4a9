import { Modal, Text } from '@mantine/core';
import { NotesPanel, type NotesOwner } from './notes-panel';

export interface NotesDialogProps {
  target: { owner: NotesOwner; name: string } | null;
  onClose: () => void;
}

/** The Notes dialog of a customer or a casino, opened from its grid row (notes-dialog.tsx loads it on first use). */
export function NotesDialogBody({ target, onClose }: NotesDialogProps) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={<Text fw={700}>Notes: {target?.name}</Text>} size="lg" centered>
      {target && <NotesPanel owner={target.owner} />}
    </Modal>
  );
}
