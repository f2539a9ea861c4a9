import { Menu } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import type { MenuChoice } from './on-demand-menu';
import { useOpenedAfterFocus } from './use-opened-after-focus';

/**
 * The menu of an `OnDemandMenu`, once its code is in: open from the start (the press that fetched it
 * asked for it). Its button is a new element then (`useOpenedAfterFocus`).
 */
export function LoadedMenu({ button, focusButton, choices }: { button: ReactElement; focusButton: () => void; choices: MenuChoice[] }) {
  const ready = useOpenedAfterFocus(focusButton);
  const [opened, setOpened] = useState(true);
  return (
    <Menu opened={opened && ready} onChange={setOpened} position="bottom-end" withinPortal>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        {choices.map(({ label, onClick, icon, color }) => (
          <Menu.Item key={label} leftSection={icon} color={color} onClick={onClick}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
