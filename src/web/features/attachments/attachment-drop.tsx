import { Button, FileButton, Group, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { type DragEvent, useLayoutEffect, useState } from 'react';

export const ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf';

/**
 * Where files come in: "Attach file" (choosing), dropping onto the area, or pasting a screenshot
 * anywhere while the dialog is open (a paste of text into a field is left alone).
 */
export function AttachmentDrop({ onFiles, busy }: { onFiles: (files: File[]) => void; busy: boolean }) {
  const [over, setOver] = useState(false);
  // Listening from the moment the area is on the page: a paste that comes as the dialog appears is taken
  // (a passive effect runs after the paint, later still for a dialog opened outside a click).
  useLayoutEffect(() => {
    const paste = (e: ClipboardEvent) => {
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      e.preventDefault();
      onFiles(files);
    };
    document.addEventListener('paste', paste);
    return () => document.removeEventListener('paste', paste);
  }, [onFiles]);
  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files];
    if (files.length) onFiles(files);
  };
  return (
    <Group
      data-testid="attachment-drop"
      gap="sm"
      p="xs"
      wrap="wrap"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      style={{
        border: `1px dashed var(--mantine-color-${over ? 'blue-6' : 'default-border'})`,
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <FileButton onChange={(files) => files.length && onFiles(files)} accept={ACCEPT} multiple>
        {(props) => (
          <Button {...props} variant="default" size="xs" leftSection={<IconPaperclip size={14} />} loading={busy}>
            Attach file
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        or drop a file here, or paste a screenshot (PNG, JPEG, WebP or PDF)
      </Text>
    </Group>
  );
}
