import { ActionIcon, Kbd, Modal, Table, Tooltip } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconKeyboard } from '@tabler/icons-react';

const SHORTCUTS: [keys: string[], what: string][] = [
  [['Tab'], 'Skip link first, then the fields in order'],
  [['Enter'], 'In a list: choose the highlighted option and move to the next field'],
  [['Enter'], 'In an amount: save the transaction; Transaction Type gets the focus for the next one'],
  [['Ctrl', 'Enter'], 'Save Transaction from anywhere on Add Transaction'],
  [['Alt', 'N'], 'Next Casino'],
  [['Esc'], 'Close a dialog or a list'],
  [['Ctrl', 'K'], 'Search customers, casinos, screens and numbers, from anywhere'],
  [['/'], 'Search, outside a field'],
  [['?'], 'Show these shortcuts'],
];

/** The "?" help: the keyboard shortcuts, opened by "?" outside a field or by the header button. */
export function ShortcutsDialog() {
  const [opened, { open, close }] = useDisclosure(false);
  useHotkeys([['shift+?', open]]);
  return (
    <>
      <Tooltip label="Keyboard shortcuts (?)">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          visibleFrom="sm"
          onClick={open}
          aria-label="Keyboard shortcuts"
          aria-keyshortcuts="?"
        >
          <IconKeyboard size={20} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title="Keyboard shortcuts" centered size="lg">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Keys</Table.Th>
              <Table.Th>What it does</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SHORTCUTS.map(([keys, what]) => (
              <Table.Tr key={what}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && ' + '}
                      <Kbd>{k}</Kbd>
                    </span>
                  ))}
                </Table.Td>
                <Table.Td>{what}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}
