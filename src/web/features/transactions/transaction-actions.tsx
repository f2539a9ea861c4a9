import { ActionIcon, Badge } from '@mantine/core';
import { IconLock, IconPaperclip, IconPencil } from '@tabler/icons-react';
import { tipProps } from '../../components/tip-props';
import type { TransactionView } from '../../lib/api-types';
import { useAttachmentCount } from '../attachments';
import { useClosedBooks } from '../books';

/**
 * A transaction row's actions: a paperclip with the count when it has attachments, and Edit, which
 * is disabled behind a lock, with the reason in its tooltip, for an entry in the closed period.
 */
export function TransactionActions({ t, onEdit, size }: { t: TransactionView; onEdit: (t: TransactionView) => void; size?: 'sm' }) {
  const locked = useClosedBooks().locked(t.date);
  const attachments = useAttachmentCount(t.id);
  const count = `${attachments} ${attachments === 1 ? 'attachment' : 'attachments'}`;
  return (
    <div className="row-actions">
      {attachments > 0 && (
        <Badge
          variant="light"
          color="gray"
          size="sm"
          leftSection={<IconPaperclip size={12} aria-hidden />}
          aria-label={count}
          style={{ cursor: locked ? undefined : 'pointer' }}
          onClick={() => !locked && onEdit(t)}
          {...tipProps(count)}
        >
          {attachments}
        </Badge>
      )}
      {locked ? (
        // A disabled button gets no pointer events: the tooltip hangs on this wrapper, which keyboard users reach too.
        <span
          tabIndex={0}
          aria-label={`Transaction ${t.id} is locked. ${locked}`}
          data-testid={`locked-${t.id}`}
          {...tipProps(locked, true)}
        >
          <ActionIcon variant="subtle" size={size} disabled aria-hidden tabIndex={-1} bg="transparent">
            <IconLock size={16} />
          </ActionIcon>
        </span>
      ) : (
        <ActionIcon
          variant="subtle"
          size={size}
          aria-label={`Edit transaction ${t.id}`}
          onClick={() => onEdit(t)}
          {...tipProps('Edit transaction')}
        >
          <IconPencil size={16} />
        </ActionIcon>
      )}
    </div>
  );
}
