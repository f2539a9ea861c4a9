import { Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { closeBooksInput, reopenBooksInput } from '../../../shared/schemas/books';
import { localDay } from '../../../shared/dates';
import { DateField } from '../../components/date-field';
import { FormDialog } from '../../components/form-dialog';
import { formatDay } from '../../lib/format';
import { useForm } from '../../lib/use-form';
import { zodValidate } from '../../lib/zod-form';
import { trpc } from '../../trpc';

const yesterday = () => {
  const today = localDay(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** "Close through...": a day before today (yesterday unless chosen), and a note. */
export function CloseBooksDialogBody({ closedThrough, onClose }: { closedThrough: string | null; onClose: () => void }) {
  const [through, setThrough] = useState<string | undefined>(yesterday);
  const form = useForm({ note: '' }, zodValidate(closeBooksInput));
  const close = useMutation(trpc.books.close.mutationOptions());
  const submit = () =>
    void form
      .submit({ through: through ?? '', note: form.values.note }, (payload) => close.mutateAsync(payload), {
        success: ['Books closed', `Nothing dated on or before ${formatDay(through ?? '')} can change now`],
        failure: 'Failed to close the books',
      })
      .then((ok) => ok && onClose());
  return (
    <FormDialog
      opened
      title={<Text fw={700}>Close the books</Text>}
      submitLabel="Close books"
      busy={close.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm" c="dimmed">
        Entries dated on or before this day (office time) can no longer be added, edited, deleted, restored or imported.
      </Text>
      <DateField
        label="Close through"
        value={through}
        onChange={setThrough}
        min={closedThrough ? closedThrough : undefined}
        max={yesterday()}
        error={form.errors.through}
        required
      />
      <Textarea
        label="Note"
        placeholder="Optional, e.g. November reconciled and reported"
        autosize
        minRows={2}
        value={form.values.note}
        onChange={(e) => form.set('note', e.currentTarget.value)}
        error={form.errors.note}
      />
    </FormDialog>
  );
}

/** "Reopen": back to an earlier day, or everything, with a reason (required). */
export function ReopenBooksDialogBody({ closedThrough, onClose }: { closedThrough: string; onClose: () => void }) {
  const [through, setThrough] = useState<string | undefined>(undefined);
  const form = useForm({ reason: '' }, zodValidate(reopenBooksInput));
  const reopen = useMutation(trpc.books.reopen.mutationOptions());
  const submit = () =>
    void form
      .submit({ through: through ?? null, reason: form.values.reason }, (payload) => reopen.mutateAsync(payload), {
        success: ['Books reopened', through ? `Closed through ${formatDay(through)} now` : 'No period is closed now'],
        failure: 'Failed to reopen the books',
      })
      .then((ok) => ok && onClose());
  const latest = (() => {
    const d = new Date(`${closedThrough}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    return d.toISOString().slice(0, 10);
  })();
  return (
    <FormDialog
      opened
      title={<Text fw={700}>Reopen the books</Text>}
      submitLabel="Reopen"
      busy={reopen.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm" c="dimmed">
        The books are closed through {formatDay(closedThrough)}. Leave the day empty to reopen everything, or choose an earlier day to keep
        closed.
      </Text>
      <DateField label="Keep closed through" value={through} onChange={setThrough} max={latest} error={form.errors.through} />
      <Textarea
        label="Reason"
        required
        placeholder="Why the closed period must change"
        autosize
        minRows={2}
        data-autofocus
        value={form.values.reason}
        onChange={(e) => form.set('reason', e.currentTarget.value)}
        error={form.errors.reason}
      />
    </FormDialog>
  );
}
