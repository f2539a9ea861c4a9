import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BooksHistoryEntry } from '../../shared/schemas/books';
import { DataTable, EmptyState, type GridColumn, gridColumns } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { Panel } from '../components/panel';
import { CloseBooksDialog, openFrom, ReopenBooksDialog } from '../features/books';
import { failureOf } from '../lib/errors';
import { formatDateTime, formatDay } from '../lib/format';
import { trpc } from '../trpc';

const col = gridColumns<BooksHistoryEntry>();
const columns: GridColumn<BooksHistoryEntry>[] = [
  col.accessor('at', { header: 'When', cell: (i) => formatDateTime(i.getValue()) }),
  col.accessor('action', {
    header: 'Action',
    cell: (i) => (
      <Badge variant="light" color={i.getValue() === 'close' ? 'blue' : 'orange'}>
        {i.getValue() === 'close' ? 'Closed' : 'Reopened'}
      </Badge>
    ),
  }),
  col.accessor('through', { header: 'Closed through', cell: (i) => (i.getValue() ? formatDay(i.getValue()!) : 'Nothing closed') }),
  col.accessor('by', { header: 'By' }),
  col.accessor('note', { header: 'Note or reason', cell: (i) => i.getValue() ?? '—' }),
];

/** Admin: the closed date, Close through..., Reopen with a reason, and every close and reopen. */
export function BooksPage() {
  const books = useQuery(trpc.books.get.queryOptions());
  const failure = failureOf(books);
  const [dialog, setDialog] = useState<'close' | 'reopen' | null>(null);
  const closed = books.data?.closedThrough ?? null;

  return (
    <Stack gap="md">
      {failure && <LoadError failure={failure} />}
      <Panel>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {closed ? <IconLock aria-hidden /> : <IconLockOpen aria-hidden />}
            <div>
              <Text fw={700} data-testid="books-state">
                {books.isPending ? 'Loading…' : closed ? `Closed through ${formatDay(closed)}` : 'No period is closed'}
              </Text>
              <Text size="sm" c="dimmed">
                {closed ? `Entries from ${openFrom(closed)} on can still change.` : 'Every entry can still be added, edited or deleted.'}
              </Text>
            </div>
          </Group>
          <Group gap="sm">
            <Button leftSection={<IconLock size={16} />} onClick={() => setDialog('close')} disabled={!books.isSuccess}>
              Close through...
            </Button>
            <Button variant="default" leftSection={<IconLockOpen size={16} />} onClick={() => setDialog('reopen')} disabled={!closed}>
              Reopen
            </Button>
          </Group>
        </Group>
      </Panel>
      <Alert variant="light" color="blue" title="What a close does">
        Once a day is closed, no entry dated on or before it can be added, edited, deleted, restored, imported or booked by a redemption.
        Customers, casinos and types stay editable.
      </Alert>
      <Panel>
        <DataTable
          label="Closes and reopens"
          columns={columns}
          data={books.data?.history ?? []}
          getRowId={(r) => `${r.at}-${r.action}`}
          read={books}
          minWidth={700}
          empty={<EmptyState title="The books were never closed" description="Close them once a period is checked and reported" />}
        />
      </Panel>
      {dialog === 'close' && <CloseBooksDialog closedThrough={closed} onClose={() => setDialog(null)} />}
      {dialog === 'reopen' && closed && <ReopenBooksDialog closedThrough={closed} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
