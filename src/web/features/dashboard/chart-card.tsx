import { Button, Group, Paper, type PaperProps, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { useInViewport } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { LoadError } from '../../components/load-error';
import { failureOf, type QueryLike } from '../../lib/errors';
import { TableScroll } from '../../components/table-scroll';

export interface ChartTable {
  caption: string;
  head: string[];
  rows: (string | number)[][];
  /** Columns (by index) that align right. */
  numeric?: number[];
}

interface Props {
  title: string;
  /** The chart's read: pending shows a placeholder, failed its message and Retry. */
  read: QueryLike & { isPending: boolean };
  empty: boolean;
  emptyText: string;
  table: ChartTable;
  children: ReactNode;
  /** Inside a page of panels (a customer's page): their heading level and padding rather than the Dashboard's. */
  level?: 2 | 3;
  padding?: PaperProps['p'];
}

function DataGrid({ table }: { table: ChartTable }) {
  return (
    <TableScroll minWidth={280} mah={320} tabIndex={0} role="region" aria-label={`${table.caption} (scrollable)`}>
      <Table striped stickyHeader>
        <Table.Caption>{table.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {table.head.map((h, i) => (
              <Table.Th key={h} ta={table.numeric?.includes(i) ? 'right' : undefined}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row) => (
            <Table.Tr key={String(row[0])}>
              {row.map((cell, i) => (
                <Table.Td
                  key={i}
                  ta={table.numeric?.includes(i) ? 'right' : undefined}
                  ff={table.numeric?.includes(i) ? 'monospace' : undefined}
                >
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/**
 * A Dashboard chart with its data as a table: the table is always there for screen readers (the drawing
 * is hidden from them), and a button shows it on screen instead of the chart.
 */
export function ChartCard({ title, read, empty, emptyText, table, children, level = 2, padding = 'lg' }: Props) {
  const failure = failureOf(read);
  const loading = read.isPending;
  const [asTable, setAsTable] = useState(false);
  // The drawing is built once the card first comes into view: below the fold on a phone, three charts
  // of SVG would otherwise hold the page before it answers a tap (decision 172). The table beside it is
  // built at once, so screen readers have the data from the start.
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  return (
    <Paper ref={ref} withBorder p={padding} component="section" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={level} size="h4">
          {title}
        </Title>
        {!failure && !empty && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={asTable ? <IconChartBar size={14} /> : <IconTable size={14} />}
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? 'Show chart' : 'Show table'}
          </Button>
        )}
      </Group>
      {failure ? (
        <LoadError failure={failure} compact />
      ) : loading ? (
        <Skeleton h={240} />
      ) : empty ? (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      ) : asTable ? (
        <DataGrid table={table} />
      ) : (
        <>
          <div aria-hidden inert data-testid={`chart-${title}`}>
            {seen ? children : <Skeleton h={260} />}
          </div>
          <VisuallyHidden>
            <DataGrid table={table} />
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
