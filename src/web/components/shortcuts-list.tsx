import { Kbd, Modal, Table } from '@mantine/core';

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

/** The keyboard shortcuts dialog (loaded on first use by shortcuts-dialog.tsx). */
export function ShortcutsList({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" centered size="lg">
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
  );
}
