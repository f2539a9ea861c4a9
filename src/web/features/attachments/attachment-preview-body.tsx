import { Anchor, Image, Modal, Stack, Text } from '@mantine/core';
import type { AttachmentView } from '../../../shared/schemas/attachments';
import { formatDateTime } from '../../lib/format';

export interface AttachmentPreviewProps {
  opened: boolean;
  onClose: () => void;
  attachment: AttachmentView;
  /** The attachment's bytes as an object URL, once read. */
  url: string | null;
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** An attachment's viewer: the image, or the PDF in a frame, and Download. */
export function AttachmentPreviewBody({ opened, onClose, attachment: a, url }: AttachmentPreviewProps) {
  const image = a.type !== 'application/pdf';
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{a.name}</Text>} size="xl" centered>
      <Stack>
        <Text size="xs" c="dimmed">
          {sizeText(a.size)} · added by {a.createdBy} on {formatDateTime(a.createdAt)}
        </Text>
        {url && image && <Image src={url} alt={a.name} fit="contain" mah="70vh" />}
        {url && !image && <iframe src={url} title={a.name} style={{ width: '100%', height: '70vh', border: 0 }} />}
        {url && (
          <Anchor href={url} download={a.name} size="sm">
            Download
          </Anchor>
        )}
      </Stack>
    </Modal>
  );
}
