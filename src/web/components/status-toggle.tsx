import { ActionIcon, Badge, Switch } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { tipProps } from './tip-props';

/** An active/inactive switch that asks first (spec 4: "Are you sure you want to activate/deactivate NAME"). */
export function StatusToggle({ name, isActive, onConfirm }: { name: string; isActive: boolean; onConfirm: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const verb = isActive ? 'deactivate' : 'activate';
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Switch
        checked={isActive}
        onChange={() => setAsking(true)}
        aria-label={`${isActive ? 'Deactivate' : 'Activate'} ${name}`}
        color="teal"
      />
      {/* Nothing is built until it is first asked for, then it is kept (lazyDialog; decisions 220, 249). */}
      <ConfirmDialog
        opened={asking}
        title={isActive ? 'Deactivate' : 'Activate'}
        message={`Are you sure you want to ${verb} ${name}?`}
        confirmLabel={isActive ? 'Deactivate' : 'Activate'}
        danger={isActive}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** Active / Inactive as a badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** The pencil button that opens a row's edit dialog. */
export function EditAction({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" aria-label={label} onClick={onClick} {...tipProps(label)}>
      <IconPencil size={16} />
    </ActionIcon>
  );
}
