import { Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconDownload, IconTable, IconCircleCheck } from '@tabler/icons-react';
import { IMPORT_HEADERS } from '../../../shared/import-fields';
import type { ImportResult } from '../../../shared/schemas/import';
import { StatCard } from '../../components/stat-card';

const SHOWN_ERRORS = 100;

/** A dry run's or an import's figures, what it would create (or created), and the first 100 errors. */
export function ImportSummary({ result, onDownload }: { result: ImportResult; onDownload: () => void }) {
  const c = result.created;
  const verb = result.committed ? 'Created' : 'Would create';
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <StatCard title="Rows" value={result.rows} icon={<IconTable size={18} />} />
        <StatCard title="Valid" value={result.valid} icon={<IconCircleCheck size={18} />} />
        <StatCard
          title="Errors"
          value={result.invalid}
          icon={<IconAlertTriangle size={18} />}
          color={result.invalid > 0 ? 'red' : undefined}
        />
        <StatCard title="Duplicates skipped" value={result.skippedDuplicates} icon={<IconCopy size={18} />} />
      </SimpleGrid>
      <Text size="sm" data-testid="import-created">
        {verb}: {c.transactions} transactions, {c.customers} customers, {c.casinos} casinos, {c.transactionTypes} transaction types,{' '}
        {c.links} links
      </Text>
      {result.invalid > 0 && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>{result.invalid > SHOWN_ERRORS ? `First ${SHOWN_ERRORS} of ${result.invalid} errors` : 'Errors'}</Text>
            <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={onDownload}>
              Download failed rows
            </Button>
          </Group>
          <Table striped withTableBorder aria-label="Import errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Column</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.errors.slice(0, SHOWN_ERRORS).map((e) => (
                <Table.Tr key={`${e.row}:${e.field}`}>
                  <Table.Td>{e.row}</Table.Td>
                  <Table.Td>{e.column ?? (e.field === 'row' ? 'Row' : IMPORT_HEADERS[e.field].label)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '10ch' }}>
                    {e.value === null ? (
                      ''
                    ) : e.value === '' ? (
                      <Text c="dimmed" size="sm">
                        (empty)
                      </Text>
                    ) : (
                      e.value
                    )}
                  </Table.Td>
                  <Table.Td>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}
