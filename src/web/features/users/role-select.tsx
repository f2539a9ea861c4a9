import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLE_OPTIONS, type Role } from '../../../shared/constants';
import { nameOrEmail } from '../../../shared/names';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { UserView } from '../../lib/api-types';
import { messageOf } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAuth } from '../../lib/use-auth';
import { trpc } from '../../trpc';
import { Select } from '../../components/select';

const roleLabel = (role: Role) => ROLE_OPTIONS.find((o) => o.value === role)?.label ?? role;

/**
 * A user's role selector (spec 2.13). Choosing a role asks first, naming the user and the new role
 * (decision 114); a role change ends that user's sessions (design 4), so the question says they will
 * have to sign in again.
 */
export function RoleSelect({ user }: { user: UserView }) {
  const me = useAuth().user;
  const change = useMutation(trpc.users.changeRole.mutationOptions());
  const [asked, setAsked] = useState<Role | null>(null);
  const self = me?.id === user.id;

  const confirm = async () => {
    if (!asked) return;
    try {
      await change.mutateAsync({ id: user.id, role: asked });
      notifySuccess('Updated', 'User role updated');
    } catch (error) {
      notifyError('Error', messageOf(error, 'Failed to update role'));
    } finally {
      setAsked(null);
    }
  };

  return (
    <>
      <Select
        aria-label={`Role of ${user.email}`}
        size="xs"
        w={120}
        value={user.role}
        disabled={change.isPending}
        allowDeselect={false}
        data={ROLE_OPTIONS}
        onChange={(role) => {
          const next = ROLE_OPTIONS.find((o) => o.value === role)?.value;
          if (next && next !== user.role) setAsked(next);
        }}
      />
      <ConfirmDialog
        opened={asked !== null}
        title="Change role"
        confirmLabel="Change role"
        busy={change.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsked(null)}
        message={
          <>
            Make <b>{nameOrEmail(user)}</b> ({user.email}) <b>{asked ? roleLabel(asked) : ''}</b>?{' '}
            {self
              ? 'You will be signed out and must sign in again.'
              : 'They will be signed out everywhere and must sign in again to continue.'}
          </>
        }
      />
    </>
  );
}
