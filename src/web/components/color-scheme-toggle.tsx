import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { tipProps } from './tip-props';

/** Dark mode (decision 042): follows the system until toggled; the choice is remembered in this browser. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode';
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => setColorScheme(next)} aria-label={label} {...tipProps(label)}>
      {next === 'dark' ? <IconMoon size={20} /> : <IconSun size={20} />}
    </ActionIcon>
  );
}
