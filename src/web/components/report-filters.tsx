import { Box, Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DATE_RANGE_ERROR, isOrderedRange } from '../../shared/schemas/common';
import type { Failure } from '../lib/errors';
import { LoadError } from './load-error';
import { ALL_OPTION as ALL } from '../../shared/constants';

export { ALL };
export const withAll = (label: string, options: { value: string; label: string }[]) => [{ value: ALL, label }, ...options];

interface SelectFilter {
  label: string;
  allLabel: string;
  options: { value: string; label: string }[];
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}

interface Props {
  selects: SelectFilter[];
  startDate?: string;
  endDate?: string;
  onDates: (key: 'startDate' | 'endDate', value: string | undefined) => void;
  onClear: () => void;
  canClear: boolean;
  actions?: ReactNode;
  /** A failed read of the filters' options. */
  failure?: Failure | null;
  /** The clear button's text (History: Clear Filters). */
  clearLabel?: string;
  /** Columns on large screens, when they differ from one row of all the filters. */
  lgCols?: number;
}

/** Select filters with an 'all' option (omitted from requests), a date range, Clear and actions. */
export function ReportFilters({
  selects,
  startDate,
  endDate,
  onDates,
  onClear,
  canClear,
  actions,
  failure,
  clearLabel = 'Clear',
  lgCols,
}: Props) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <SimpleGrid cols={{ base: 1, xs: 2, ...(lgCols ? { md: 3, lg: lgCols } : { md: selects.length + 2 }) }} spacing="sm">
        {selects.map((s) => (
          <Select
            key={s.label}
            label={s.label}
            searchable
            allowDeselect={false}
            data={withAll(s.allLabel, s.options)}
            value={s.value === undefined ? ALL : String(s.value)}
            onChange={(v) => s.onChange(v && v !== ALL ? Number(v) : undefined)}
          />
        ))}
        <TextInput
          label="Start Date"
          type="date"
          value={startDate ?? ''}
          max={endDate}
          onChange={(e) => onDates('startDate', e.currentTarget.value || undefined)}
        />
        <TextInput
          label="End Date"
          type="date"
          value={endDate ?? ''}
          min={startDate}
          onChange={(e) => onDates('endDate', e.currentTarget.value || undefined)}
          error={isOrderedRange({ startDate, endDate }) ? undefined : DATE_RANGE_ERROR}
        />
      </SimpleGrid>
      {failure && (
        <Box mt="md">
          <LoadError failure={failure} />
        </Box>
      )}
      <Group justify="space-between" mt="md">
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={onClear} disabled={!canClear}>
          {clearLabel}
        </Button>
        {actions}
      </Group>
    </Paper>
  );
}
