import { Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { useAuth } from '../../lib/use-auth';
import { failureOf, messageOf } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { refresh } from '../../lib/refresh';
import { AttachmentDrop } from './attachment-drop';
import { AttachmentThumb } from './attachment-thumb';
import { type OwnerRef, uploadAttachment } from './attachments-api';

/**
 * The files that prove something about a record (decision 192): thumbnails and a viewer, attach by
 * choosing, dropping or pasting, delete (its author or an admin) after a question.
 */
export function AttachmentsPanel({ owner, title }: { owner: OwnerRef; title?: string }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const list = useQuery(trpc.attachments.list.queryOptions(owner));
  const failure = failureOf(list);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const remove = useMutation(trpc.attachments.delete.mutationOptions());
  // An upload is a REST call the tRPC link does not see: it refreshes through the one table itself. A
  // first read of this list still on its way was sent before the upload, and TanStack Query joins a
  // refresh to a first read in flight: it is cancelled first, so the list is read again with the file
  // (a screenshot pasted as the dialog opened stayed out of its list).
  const refreshAfterUpload = useCallback(async () => {
    await queryClient.cancelQueries(trpc.attachments.list.queryFilter(owner));
    await refresh(queryClient, 'attachment.changed');
  }, [queryClient, owner]);

  const add = useCallback(
    async (files: File[]) => {
      setBusy(true);
      try {
        for (const file of files) await uploadAttachment(file, owner);
        notifySuccess(undefined, files.length === 1 ? 'File attached' : `${files.length} files attached`);
      } catch (error) {
        notifyError('Error', `Failed to attach the file. ${messageOf(error, '')}`);
      } finally {
        setBusy(false);
        await refreshAfterUpload();
      }
    },
    [owner, refreshAfterUpload],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id });
      notifySuccess(undefined, 'Attachment deleted');
    } catch (error) {
      notifyError('Error', `Failed to delete the attachment. ${messageOf(error, '')}`);
    } finally {
      setDeleting(null);
    }
  };

  const files = list.data ?? [];
  const count = files.length ? ` (${files.length})` : '';
  return (
    <Stack gap="xs">
      {/* On a page the panel heads its own section, as the page's other panels do; in a dialog it is a field. */}
      {title ? (
        <Title order={3} size="h4" mb={2}>
          {title}
          {count}
        </Title>
      ) : (
        <Text size="sm" fw={500}>
          Attachments{count}
        </Text>
      )}
      {failure && <LoadError failure={failure} />}
      {files.length > 0 && (
        <Group gap="sm" align="flex-start">
          {files.map((a) => (
            <AttachmentThumb
              key={a.id}
              a={a}
              canDelete={user?.role === 'admin' || user?.id === a.createdByUserId}
              onDelete={() => setDeleting({ id: a.id, name: a.name })}
            />
          ))}
        </Group>
      )}
      <AttachmentDrop onFiles={(f) => void add(f)} busy={busy} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete attachment?"
        message={`"${deleting?.name ?? ''}" will be removed from this record.`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
