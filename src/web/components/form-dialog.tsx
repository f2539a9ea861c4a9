import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  opened: boolean;
  title: ReactNode;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  size?: string;
  children: ReactNode;
}

/** A dialog holding one form: Enter submits, Escape or Cancel closes. */
export function FormDialog({ opened, title, submitLabel, busy, onSubmit, onClose, size, children }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
