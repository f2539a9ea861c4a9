import { ActionIcon, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AttachmentView } from '../../../shared/schemas/attachments';
import { tipProps } from '../../components/tip-props';
import { attachmentBlob } from './attachments-api';
import { lazyDialog } from '../../components/lazy-dialog';
import type { AttachmentPreviewProps } from './attachment-preview-body';

/** The viewer, its modal's code fetched the first time one opens (decision 249). */
const AttachmentPreview = lazyDialog<AttachmentPreviewProps>(
  () => import('./attachment-preview-body').then((m) => m.AttachmentPreviewBody),
  (props) => ({ ...props, opened: false }),
  (props) => props.opened,
);

/** An attachment's bytes as an object URL, released when no longer shown. */
function useObjectUrl(id: number) {
  const blob = useQuery({ queryKey: ['attachmentBlob', id], queryFn: () => attachmentBlob(id), staleTime: Infinity, gcTime: 60_000 });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const made = URL.createObjectURL(blob.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob.data]);
  return { url, failed: blob.isError };
}

/** A thumbnail (an image) or a PDF sign, with the name; a click opens the viewer. */
export function AttachmentThumb({ a, canDelete, onDelete }: { a: AttachmentView; canDelete: boolean; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  const image = a.type !== 'application/pdf';
  const { url, failed } = useObjectUrl(a.id);
  return (
    <Stack gap={2} w={112} data-testid="attachment-thumb">
      <UnstyledButton onClick={() => setOpen(true)} aria-label={`Open ${a.name}`} title={a.name}>
        {image && url ? (
          <Image src={url} alt={a.name} h={72} w={112} fit="cover" radius="sm" />
        ) : (
          <Group h={72} w={112} justify="center" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }}>
            {failed ? <Text size="xs">Could not load</Text> : <IconFileTypePdf size={32} aria-hidden />}
          </Group>
        )}
      </UnstyledButton>
      <Group gap={2} wrap="nowrap" justify="space-between">
        <Text size="xs" truncate="end" title={a.name}>
          {a.name}
        </Text>
        {canDelete && (
          <ActionIcon
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Delete ${a.name}`}
            onClick={onDelete}
            {...tipProps('Delete attachment')}
          >
            <IconTrash size={12} />
          </ActionIcon>
        )}
      </Group>
      <AttachmentPreview opened={open} onClose={() => setOpen(false)} attachment={a} url={url} />
    </Stack>
  );
}
