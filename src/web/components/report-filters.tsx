import { Box, Button, type SelectProps, SimpleGrid } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DATE_RANGE_ERROR, isOrderedRange } from '../../shared/value-rules';
import { FIRST_DAY, LAST_DAY } from '../../shared/dates';
import type { Failure } from '../lib/errors';
import { customerOptions, toOptions } from '../lib/master-data';
import type { CasinoView, CustomerView } from '../lib/api-types';
import { DateField } from './date-field';
import { LoadError } from './load-error';
import { ALL_OPTION as ALL } from '../../shared/constants';
import { FilterPanel } from './filter-panel';
import { type TypeChoiceFilter, TypeChoiceSelect } from './type-filter';
import { Select } from './select';

export { ALL };
export const withAll = (label: string, options: { value: string; label: string }[]) => [{ value: ALL, label }, ...options];

export interface IdFilter {
  label: string;
  allLabel: string;
  options: { value: string; label: string }[];
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}

type OnId = IdFilter['onChange'];
/** The Customer, Casino and Transaction Type filters every list shares. */
export const customerFilter = (rows: CustomerView[] | undefined, value: number | undefined, onChange: OnId): IdFilter => ({
  label: 'Customer',
  allLabel: 'All customers',
  options: customerOptions(rows),
  value,
  onChange,
});
export const casinoFilter = (rows: CasinoView[] | undefined, value: number | undefined, onChange: OnId): IdFilter => ({
  label: 'Casino',
  allLabel: 'All casinos',
  options: toOptions(rows),
  value,
  onChange,
});

/** A select over ids with an 'all' option first: the value is undefined while 'all' is chosen. */
/** The admin logs' "User" filter (Audit Trail, Access log): every user by email, and a failed read said. */
export function UserSelect({
  users,
  value,
  onChange,
}: {
  users: { data?: { id: number; email: string }[]; isError: boolean };
  value: number | undefined;
  onChange: OnId;
}) {
  return (
    <IdSelect
      label="User"
      allLabel="All users"
      options={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.email }))}
      value={value}
      onChange={onChange}
      error={users.isError ? 'The users could not be loaded' : undefined}
    />
  );
}

export function IdSelect({ label, allLabel, options, value, onChange, ...rest }: IdFilter & Omit<SelectProps, keyof IdFilter>) {
  return (
    <Select
      label={label}
      searchable
      allowDeselect={false}
      data={withAll(allLabel, options)}
      value={value === undefined ? ALL : String(value)}
      onChange={(v) => onChange(v && v !== ALL ? Number(v) : undefined)}
      {...rest}
    />
  );
}

type DateKey = 'startDate' | 'endDate';
interface DateRange {
  startDate?: string;
  endDate?: string;
  onDates: (key: DateKey, value: string | undefined) => void;
}

/** Start Date and End Date; End Date says when the range is backwards. */
export function DateRangeFields({ startDate, endDate, onDates }: DateRange) {
  const field = (key: DateKey, label: string, value: string | undefined, limits: { min?: string; max?: string; error?: string }) => (
    <DateField label={label} value={value} onChange={(day) => onDates(key, day)} {...limits} />
  );
  return (
    <>
      {field('startDate', 'Start Date', startDate, { min: FIRST_DAY, max: endDate ?? LAST_DAY })}
      {field('endDate', 'End Date', endDate, {
        min: startDate ?? FIRST_DAY,
        max: LAST_DAY,
        error: isOrderedRange({ startDate, endDate }) ? undefined : DATE_RANGE_ERROR,
      })}
    </>
  );
}

interface Props extends DateRange {
  /** Id filters, and the type filter that also offers names across casinos. */
  selects: (IdFilter | TypeChoiceFilter)[];
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

/** Select filters with an 'all' option (omitted from requests), a date range, Clear and actions; folded on a phone (FilterPanel). */
export function ReportFilters({ selects, onClear, canClear, actions, failure, clearLabel = 'Clear', lgCols, ...dates }: Props) {
  const active = selects.filter((s) => ('kind' in s ? (s.value.transactionTypeId ?? s.value.typeName) : s.value) !== undefined).length;
  return (
    <FilterPanel
      notice={
        failure && (
          <Box mt="md">
            <LoadError failure={failure} />
          </Box>
        )
      }
      active={active + (dates.startDate ? 1 : 0) + (dates.endDate ? 1 : 0)}
      actions={actions}
      clear={
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={onClear} disabled={!canClear}>
          {clearLabel}
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 2, ...(lgCols ? { md: 3, lg: lgCols } : { md: selects.length + 2 }) }} spacing="sm">
        {selects.map((s) => ('kind' in s ? <TypeChoiceSelect key="type" {...s} /> : <IdSelect key={s.label} {...s} />))}
        <DateRangeFields {...dates} />
      </SimpleGrid>
    </FilterPanel>
  );
}
