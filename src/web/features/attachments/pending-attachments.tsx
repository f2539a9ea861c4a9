import { CloseButton, Group, Stack, Text } from '@mantine/core';
import { notifyError } from '../../lib/notify';
import { messageOf } from '../../lib/errors';
import { AttachmentDrop } from './attachment-drop';
import { type OwnerRef, uploadAttachment } from './attachments-api';

/**
 * Files chosen, dropped or pasted for a record that does not exist yet (a reconciliation is made by its
 * dialog's save): kept here and uploaded once the record has its id.
 */
export function PendingAttachments({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Attachments{files.length ? ` (${files.length})` : ''}
      </Text>
      {files.map((f, i) => (
        <Group key={`${f.name}-${i}`} gap={4} wrap="nowrap">
          <Text size="xs" truncate="end">
            {f.name || 'pasted-image.png'}
          </Text>
          <CloseButton
            size="xs"
            aria-label={`Remove ${f.name || 'pasted image'}`}
            onClick={() => onChange(files.filter((_, j) => j !== i))}
          />
        </Group>
      ))}
      <AttachmentDrop onFiles={(added) => onChange([...files, ...added])} busy={false} />
    </Stack>
  );
}

/** Uploads the waiting files for their new owner; a refused one is reported, the others still go. */
export async function uploadPending(files: File[], owner: OwnerRef): Promise<void> {
  for (const file of files) {
    try {
      await uploadAttachment(file, owner);
    } catch (error) {
      notifyError('Error', `Failed to attach ${file.name || 'the pasted image'}. ${messageOf(error, '')}`);
    }
  }
}
