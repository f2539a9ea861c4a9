import { Button, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type GridColumn, gridColumns, type SortState } from '../../components/data-table';
import { messageOf } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { Failure } from '../../lib/errors';
import { trpc } from '../../trpc';
import { fullName } from './user-list';
import { RoleSelect } from './role-select';
import type { UserListRow as UserView } from '../../lib/api-types';
import { UserStatusCell } from './user-status';

const col = gridColumns<UserView>();

interface Props {
  users: UserView[];
  loading: boolean;
  failure: Failure | null;
  sort: SortState;
  onSort: (id: string) => void;
  empty: React.ReactNode;
  /** The signed-in admin's id: they cannot deactivate themselves. */
  selfId?: number;
}

/** The users table of spec 2.13: Name, Email, Role with its selector, and Send Reset Link. */
export function UsersGrid({ users, loading, failure, sort, onSort, empty, selfId }: Props) {
  const [target, setTarget] = useState<UserView | null>(null);
  const send = useMutation(trpc.users.sendResetLink.mutationOptions());

  const columns = useMemo<GridColumn<UserView>[]>(
    () => [
      col.accessor((u) => fullName(u), {
        id: 'name',
        header: 'Name',
        cell: (info) =>
          info.getValue() || (
            <Text c="dimmed" size="sm">
              —
            </Text>
          ),
      }),
      col.accessor('email', { header: 'Email' }),
      col.accessor('role', { header: 'Role', cell: (info) => <RoleSelect user={info.row.original} /> }),
      col.accessor('isActive', {
        header: 'Status',
        cell: (info) => <UserStatusCell user={info.row.original} isSelf={info.row.original.id === selfId} />,
      }),
      col.display({
        id: 'actions',
        header: () => (
          <Text fw={700} fz="sm" ta="right">
            Actions
          </Text>
        ),
        cell: (info) => (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMailForward size={14} />}
            onClick={() => setTarget(info.row.original)}
            style={{ float: 'right' }}
          >
            Send Reset Link
          </Button>
        ),
      }),
    ],
    [selfId],
  );

  const confirm = async () => {
    if (!target) return;
    try {
      // The server says where the link went: mailed (the spec's text) or written to its outbox (decision 114).
      const sent = await send.mutateAsync({ id: target.id });
      notifySuccess(sent.sentTo === 'email' ? 'Reset link sent' : 'Reset link written to the outbox', sent.message);
    } catch (error) {
      notifyError('Error', messageOf(error, 'Failed to send reset link'));
    } finally {
      setTarget(null);
    }
  };

  return (
    <>
      <DataTable
        label="Users"
        columns={columns}
        data={users}
        loading={loading}
        failure={failure}
        loadingText="Loading users..."
        empty={empty}
        sort={sort}
        onSort={onSort}
        sortable={['name', 'email', 'role']}
        minWidth={720}
      />
      <ConfirmDialog
        opened={target !== null}
        title="Send Reset Link"
        message={
          <>
            Send a password reset link to <b>{target?.email}</b>? The link works once and expires in one hour.
          </>
        }
        confirmLabel="Send Reset Link"
        busy={send.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
