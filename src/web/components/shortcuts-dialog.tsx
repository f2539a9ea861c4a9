import { ActionIcon } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconKeyboard } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { withScreenStyles } from '../lib/screen-styles';
import { tipProps } from './tip-props';

// The dialog is built the first time it is opened; it stays mounted after, so it closes with its transition
// and gives the focus back (decision 217).
const ShortcutsList = lazy(() => withScreenStyles(import('./shortcuts-list')).then((m) => ({ default: m.ShortcutsList })));

/** The "?" help: the keyboard shortcuts, opened by "?" outside a field or by the header button. */
export function ShortcutsDialog() {
  const [opened, { open, close }] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  const show = () => {
    setWanted(true);
    open();
  };
  useHotkeys([['shift+?', show]]);
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        visibleFrom="sm"
        onClick={show}
        aria-label="Keyboard shortcuts"
        aria-keyshortcuts="?"
        {...tipProps('Keyboard shortcuts (?)')}
      >
        <IconKeyboard size={20} />
      </ActionIcon>
      {wanted && (
        <Suspense fallback={null}>
          <ShortcutsList opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
