import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The way back (Cancel unless told). */
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before a destructive or consequential action. Escape cancels. A destructive one (danger) puts the
 * focus on Cancel, so Enter pressed twice cannot destroy anything; any other focuses its confirm button.
 */
export function ConfirmDialog({ opened, title, message, confirmLabel, cancelLabel = 'Cancel', danger, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={<Text fw={700}>{title}</Text>} centered>
      <Text size="sm" mb="lg">
        {message}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus={danger || undefined}>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy} data-autofocus={!danger || undefined}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
