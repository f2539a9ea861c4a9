import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconSortAscendingLetters, IconSortDescendingLetters, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../components/data-table';
import { CreateUserDialog } from '../features/users/create-user-dialog';
import { type UserSortKey, visibleUsers } from '../features/users/user-list';
import { UsersGrid } from '../features/users/users-grid';
import { failureOf } from '../lib/errors';
import { trpc } from '../trpc';
import { Panel } from '../components/panel';
import { Select } from '../components/select';
import { tipProps } from '../components/tip-props';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];

const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'email', label: 'Email' },
  { value: 'role', label: 'Role' },
];

function UsersScreen() {
  const users = useQuery(trpc.users.list.queryOptions());
  const [search, setSearch] = useState('');
  const [sortKey, setSortKey] = useState<UserSortKey>('name');
  const [desc, setDesc] = useState(false);
  const [creating, setCreating] = useState(false);
  const [status, setStatus] = useState('all');
  const me = useQuery(trpc.auth.user.queryOptions());
  const all = users.data ?? [];
  const shown = visibleUsers(all, search, sortKey, desc).filter((u) => status === 'all' || u.isActive === (status === 'active'));

  const onHeaderSort = (id: string) => {
    if (id === sortKey) setDesc((d) => !d);
    else {
      setSortKey(id as UserSortKey);
      setDesc(false);
    }
  };

  const empty =
    search.trim() && all.length > 0 ? (
      <EmptyState
        title="No users found matching your search"
        action={
          <Button variant="light" size="xs" onClick={() => setSearch('')}>
            Clear search
          </Button>
        }
      />
    ) : (
      <EmptyState title="No users found" />
    );

  return (
    <Stack gap="md">
      <Button hiddenFrom="sm" fullWidth leftSection={<IconUserPlus size={18} />} onClick={() => setCreating(true)}>
        Add User
      </Button>
      <Panel>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <TextInput
              placeholder="Search users by name, email, or role..."
              aria-label="Search users"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              style={{ flex: '1 1 260px' }}
            />
            <Group gap="xs" wrap="nowrap">
              <Select
                aria-label="Status"
                data={STATUS_OPTIONS}
                value={status}
                allowDeselect={false}
                onChange={(v) => setStatus(v ?? 'all')}
                w={140}
              />
              <Select
                aria-label="Sort by"
                data={SORT_OPTIONS}
                value={sortKey}
                allowDeselect={false}
                onChange={(v) => v && setSortKey(v as UserSortKey)}
                w={120}
              />
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={desc ? 'Sorted Z-A' : 'Sorted A-Z'}
                onClick={() => setDesc((d) => !d)}
                {...tipProps(desc ? 'Z-A' : 'A-Z')}
              >
                {desc ? <IconSortDescendingLetters size={18} /> : <IconSortAscendingLetters size={18} />}
              </ActionIcon>
              <Button visibleFrom="sm" leftSection={<IconUserPlus size={18} />} onClick={() => setCreating(true)}>
                Add User
              </Button>
            </Group>
          </Group>
          {users.isSuccess && (
            <Text size="sm" c="dimmed" data-testid="user-count">
              {shown.length === all.length
                ? `${all.length} ${all.length === 1 ? 'user' : 'users'}`
                : `${shown.length} of ${all.length} users`}
            </Text>
          )}
          <UsersGrid
            users={shown}
            loading={users.isPending}
            failure={failureOf(users)}
            sort={{ id: sortKey, desc }}
            onSort={onHeaderSort}
            empty={empty}
            selfId={me.data?.id}
          />
        </Stack>
      </Panel>
      <CreateUserDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

/** Spec 2.13: admins only; others get Access Denied and go to / after one second. */
export function UsersPage() {
  return <UsersScreen />;
}
