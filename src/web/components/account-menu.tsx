import { Menu } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { AccountButton } from './account-button';
import type { UserView } from '../lib/api-types';

/** The header's account menu: Profile and Logout (loaded after the first paint by app-shell.tsx, decision 217). */
export function AccountMenu({
  name,
  role,
  onProfile,
  onLogout,
}: {
  name: string;
  role: UserView['role'];
  onProfile: () => void;
  onLogout: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <AccountButton name={name} role={role} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={onProfile}>
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
