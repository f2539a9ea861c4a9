import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_LINKS_PER_REQUEST } from '../../../shared/constants';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatCount } from '../../lib/format';
import { isUnauthorized, messageOf } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';

interface Props {
  masterUserId: number;
  /** One customer, or all of the report's when left out. */
  customer?: { id: number; name: string };
  missing: number;
}

const links = (n: number) => `${formatCount(n)} missing ${n === 1 ? 'link' : 'links'}`;

/** Participation's "Create missing links" (decision 041): inactive links by default, after a confirmation naming how many. */
export function CreateMissingLinks({ masterUserId, customer, missing }: Props) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(false);
  const create = useMutation(trpc.customerCasinos.createMissing.mutationOptions());
  if (missing === 0) return null;
  const whom = customer ? customer.name : 'all customers';
  // The server creates at most MAX_LINKS_PER_REQUEST a request (decision 044); the dialog says so.
  const now = Math.min(missing, MAX_LINKS_PER_REQUEST);
  const capped = missing > MAX_LINKS_PER_REQUEST;

  const confirm = async () => {
    try {
      const { created, more } = await create.mutateAsync({
        masterUserId,
        customerId: customer?.id,
        status: active ? 'active' : 'inactive',
      });
      setOpen(false);
      const done = `Created ${formatCount(created)} ${created === 1 ? 'link' : 'links'}`;
      notifySuccess(
        'Links created',
        more ? `${done}. More are missing: press Create missing links again for the next ${formatCount(MAX_LINKS_PER_REQUEST)}.` : done,
      );
    } catch (error) {
      if (!isUnauthorized(error)) notifyError('Error', messageOf(error, 'Failed to create the missing links'));
    }
  };

  return (
    <>
      <Button size="xs" variant={customer ? 'light' : 'filled'} leftSection={<IconLink size={14} />} onClick={() => setOpen(true)}>
        {customer ? 'Create missing links' : `Create missing links for all (${formatCount(missing)})`}
      </Button>
      <ConfirmDialog
        opened={open}
        title="Create missing links"
        confirmLabel={`Create ${links(now)}`}
        busy={create.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
        message={
          <Stack gap="sm" component="span">
            <Text span size="sm">
              Create {links(now)} for {whom}, with zero balances? They are created {active ? 'active' : 'inactive'}.
            </Text>
            {capped && (
              <Text span size="sm" c="orange">
                {formatCount(missing)} links are missing; at most {formatCount(MAX_LINKS_PER_REQUEST)} are created at a time. Press again
                for the rest.
              </Text>
            )}
            <Checkbox label="Create them as active links" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          </Stack>
        }
      />
    </>
  );
}
