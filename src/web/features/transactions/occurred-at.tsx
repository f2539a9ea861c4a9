import { Button, CloseButton, TextInput } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value (the browser's time, to the minute). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as the API's occurredAt (ISO UTC); what cannot be read is passed on for the schema to refuse. */
export function fromLocalInput(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** The Edit dialog's Date field (decision 050): when the transaction happened, in the browser's time. */
export function DateField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return <TextInput type="datetime-local" label="Date" value={value} onChange={(e) => onChange(e.currentTarget.value)} error={error} />;
}

/**
 * Add Transaction's "Date: now" control: a new entry is dated now; for one recorded late, the control
 * opens a date-time field ('' means now again).
 */
export function DateNowControl({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  if (value === '') {
    return (
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        leftSection={<IconCalendarTime size={14} />}
        onClick={() => onChange(toLocalInput(new Date().toISOString()))}
      >
        Date: now
      </Button>
    );
  }
  return (
    <TextInput
      type="datetime-local"
      label="Date"
      size="xs"
      w={240}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      rightSection={<CloseButton size="sm" aria-label="Date: now" onClick={() => onChange('')} />}
    />
  );
}
