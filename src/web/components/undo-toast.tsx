import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../shared/constants';

/**
 * A success toast that offers Undo for its 5 seconds. Undo runs once; the toast closes
 * as soon as it is pressed.
 */
export function notifyWithUndo(title: string | undefined, message: string, onUndo: () => Promise<void>): void {
  const id = `undo-${Date.now()}`;
  let used = false;
  notifications.clean();
  notifications.show({
    id,
    title,
    color: 'teal',
    withBorder: true,
    autoClose: TOAST_DURATION_MS,
    message: (
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            if (used) return;
            used = true;
            notifications.hide(id);
            void onUndo();
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}
