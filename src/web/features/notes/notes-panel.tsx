import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NOTE_MAX } from '../../../shared/limits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/data-table';
import { tipProps } from '../../components/tip-props';
import { LoadError } from '../../components/load-error';
import { failureOf, fieldErrorsOf, fieldIssuesOf, isUnauthorized, messageOf } from '../../lib/errors';
import { formatCount, formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAuth } from '../../lib/use-auth';
import { trpc } from '../../trpc';

/** Whose notes: a customer's or a casino's. */
export type NotesOwner = { customerId: number } | { casinoId: number };

/**
 * Dated notes on a customer or a casino, newest first, each with its author and time; anyone signed in
 * adds one, its author or an admin deletes it. Reusable wherever the customer or casino is shown.
 */
export function NotesPanel({ owner }: { owner: NotesOwner }) {
  const { user } = useAuth();
  const isCustomer = 'customerId' in owner;
  const id = isCustomer ? owner.customerId : owner.casinoId;
  const list = useQuery(isCustomer ? trpc.notes.ofCustomer.queryOptions({ id }) : trpc.notes.ofCasino.queryOptions({ id }));
  const failure = failureOf(list);
  const add = useMutation(isCustomer ? trpc.notes.addToCustomer.mutationOptions() : trpc.notes.addToCasino.mutationOptions());
  const remove = useMutation(trpc.notes.delete.mutationOptions());
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState<number | null>(null);

  const save = async () => {
    try {
      // The note's rule (the shared schema) comes with zod's chunk on the first save, not with the page (decision 223).
      const { noteText } = await import('../../../shared/schemas/notes');
      const checked = noteText.safeParse(text);
      if (!checked.success) return setError(checked.error.issues[0]?.message);
      setError(undefined);
      await add.mutateAsync({ id, text });
      setText('');
      notifySuccess(undefined, 'Note added');
    } catch (e) {
      if (isUnauthorized(e)) return;
      const issues = fieldIssuesOf(e);
      if (issues.length) setError(fieldErrorsOf(issues).text);
      notifyError('Error', `Failed to add the note. ${messageOf(e, '')}`);
    }
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    try {
      await remove.mutateAsync({ id: deleting });
      notifySuccess(undefined, 'Note deleted');
    } catch (e) {
      notifyError('Error', `Failed to delete the note. ${messageOf(e, '')}`);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack gap="xs">
          <Textarea
            label="New note"
            placeholder="What happened, who said what"
            autosize
            minRows={2}
            maxRows={8}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
            description={`${formatCount(text.length)} / ${formatCount(NOTE_MAX)}`}
            // The count under the field, where it is read while typing, not between the label and the field.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={add.isPending}>
              Add note
            </Button>
          </Group>
        </Stack>
      </form>
      {failure && <LoadError failure={failure} />}
      {list.isSuccess && list.data.length === 0 && (
        <EmptyState title="No notes yet" description="Notes are kept with their author and time" />
      )}
      {list.data?.map((n) => (
        <Paper key={n.id} withBorder p="xs" data-testid="note">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed">
              {n.createdBy} · {formatDateTime(n.createdAt)}
            </Text>
            {(user?.role === 'admin' || user?.id === n.createdByUserId) && (
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={`Delete note by ${n.createdBy}`}
                onClick={() => setDeleting(n.id)}
                {...tipProps('Delete note')}
              >
                <IconTrash size={14} />
              </ActionIcon>
            )}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {n.text}
          </Text>
        </Paper>
      ))}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete note?"
        message="The note will be removed; the audit trail keeps what it said."
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
