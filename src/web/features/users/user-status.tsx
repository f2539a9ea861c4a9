import { Badge, Button, Group } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { OnDemandMenu } from '../../components/on-demand-menu';
import { messageOf } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import type { UserListRow } from '../../lib/api-types';
import { fullName } from './user-list';

type Action = 'deactivate' | 'reactivate' | 'end-sessions' | 'two-factor-off';

const who = (u: UserListRow) => (fullName(u) ? `${fullName(u)} (${u.email})` : u.email);

const TEXTS: Record<Action, (u: UserListRow) => { title: string; message: string; confirm: string; done: string }> = {
  deactivate: (u) => ({
    title: 'Deactivate user?',
    message: `${who(u)} will be signed out everywhere, their API tokens revoked, and they will not be able to sign in. What they recorded keeps their name.`,
    confirm: 'Deactivate',
    done: `${u.email} is deactivated`,
  }),
  reactivate: (u) => ({
    title: 'Reactivate user?',
    message: `${who(u)} will be able to sign in again with their password.`,
    confirm: 'Reactivate',
    done: `${u.email} is active again`,
  }),
  'end-sessions': (u) => ({
    title: 'Sign this user out everywhere?',
    message: `Every session of ${who(u)} ends at its next action.`,
    confirm: 'Sign out everywhere',
    done: `${u.email} is signed out everywhere`,
  }),
  'two-factor-off': (u) => ({
    title: 'Turn off two-step sign-in?',
    message: `For a lost phone: ${who(u)} is signed out everywhere and signs in next with the password alone.`,
    confirm: 'Turn off',
    done: `Two-step sign-in is off for ${u.email}`,
  }),
};

/** The Users screen's status cell: Active or Deactivated, and the account actions, each confirmed naming the user. */
export function UserStatusCell({ user, isSelf }: { user: UserListRow; isSelf: boolean }) {
  const setStatus = useMutation(trpc.users.setStatus.mutationOptions());
  const endSessions = useMutation(trpc.users.endSessions.mutationOptions());
  const twoFactorOff = useMutation(trpc.users.disableTwoFactor.mutationOptions());
  const [action, setAction] = useState<Action | null>(null);
  const texts = action ? TEXTS[action](user) : null;

  const run = async () => {
    if (!action || !texts) return;
    try {
      if (action === 'deactivate' || action === 'reactivate')
        await setStatus.mutateAsync({ id: user.id, isActive: action === 'reactivate' });
      else if (action === 'end-sessions') await endSessions.mutateAsync({ id: user.id });
      else await twoFactorOff.mutateAsync({ id: user.id });
      notifySuccess('Updated', texts.done);
    } catch (error) {
      notifyError('Error', messageOf(error, 'The user could not be updated'));
    }
    setAction(null);
  };

  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={user.isActive ? 'teal' : 'gray'} variant="light">
        {user.isActive ? 'Active' : 'Deactivated'}
      </Badge>
      {!isSelf && (
        <OnDemandMenu
          target={
            <Button size="compact-xs" variant="subtle" color="gray" aria-label={`Account actions for ${user.email}`}>
              <IconDots size={16} />
            </Button>
          }
          choices={
            user.isActive
              ? [
                  { label: 'Sign out everywhere', onClick: () => setAction('end-sessions') },
                  ...(user.twoFactorEnabled ? [{ label: 'Turn off two-step sign-in', onClick: () => setAction('two-factor-off') }] : []),
                  { label: 'Deactivate', color: 'red', onClick: () => setAction('deactivate') },
                ]
              : [{ label: 'Reactivate', onClick: () => setAction('reactivate') }]
          }
        />
      )}
      <ConfirmDialog
        opened={texts !== null}
        title={texts?.title ?? ''}
        message={texts?.message ?? ''}
        confirmLabel={texts?.confirm ?? ''}
        danger={action !== 'reactivate'}
        busy={setStatus.isPending || endSessions.isPending || twoFactorOff.isPending}
        onConfirm={() => void run()}
        onCancel={() => setAction(null)}
      />
    </Group>
  );
}
