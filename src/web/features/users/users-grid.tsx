import { Button, Select, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Role } from '../../../shared/constants';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type GridColumn, gridColumns, type SortState } from '../../components/data-table';
import { messageOf } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { Failure } from '../../lib/errors';
import { trpc } from '../../trpc';
import { fullName } from './user-list';
import { ROLE_OPTIONS } from '../../../shared/constants';
import type { UserListRow as UserView } from '../../lib/api-types';
import { UserStatusCell } from './user-status';

const col = gridColumns<UserView>();

function RoleSelect({ user }: { user: UserView }) {
  const queryClient = useQueryClient();
  const change = useMutation(trpc.users.changeRole.mutationOptions());
  const onChange = async (role: string | null) => {
    if (!role || role === user.role) return;
    try {
      await change.mutateAsync({ id: user.id, role: role as Role });
      await queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() });
      notifySuccess('Updated', 'User role updated');
    } catch (error) {
      notifyError('Error', messageOf(error, 'Failed to update role'));
    }
  };
  return (
    <Select
      aria-label={`Role of ${user.email}`}
      size="xs"
      w={120}
      value={user.role}
      disabled={change.isPending}
      allowDeselect={false}
      data={ROLE_OPTIONS}
      onChange={onChange}
    />
  );
}

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
      await send.mutateAsync({ id: target.id });
      notifySuccess('Reset link sent', "Password reset link has been sent to the user's email");
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
