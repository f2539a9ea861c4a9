import { Button, Modal, Text } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { NotesPanel, type NotesOwner } from './notes-panel';

/** The Notes dialog of a customer or a casino, opened from its grid row. */
export function NotesDialog({ target, onClose }: { target: { owner: NotesOwner; name: string } | null; onClose: () => void }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={<Text fw={700}>Notes: {target?.name}</Text>} size="lg" centered>
      {target && <NotesPanel owner={target.owner} />}
    </Modal>
  );
}

/** The grids' row button that opens it. */
export function NotesButton({ onClick, name }: { onClick: () => void; name: string }) {
  return (
    <Button size="xs" variant="light" leftSection={<IconNotes size={14} />} onClick={onClick} aria-label={`Notes on ${name}`}>
      Notes
    </Button>
  );
}
