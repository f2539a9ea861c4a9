import { Popover } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
// The picker's rules come with its code, after screens.css (decision 222).
import '@mantine/dates/styles.layer.css';
import type { ReactElement } from 'react';
import { localDay } from '../../shared/dates';
import { useOpenedAfterFocus } from './use-opened-after-focus';

export interface DateFieldCalendarProps {
  /** The field's calendar button, the popover's target. */
  button: ReactElement;
  /** Gives that button the focus (it is a new element once this has loaded). */
  focusButton: () => void;
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** A day chosen on the calendar, YYYY-MM-DD. */
  onPick: (day: string | null) => void;
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
}

/**
 * A date field's calendar (components/date-field.tsx), loaded when it is first asked for (decision 222).
 * The button it hangs off is a new element then (`useOpenedAfterFocus`).
 */
export function DateFieldCalendar({ button, focusButton, opened, onChange, onPick, label, value, min, max }: DateFieldCalendarProps) {
  const ready = useOpenedAfterFocus(focusButton);
  return (
    <Popover opened={opened && ready} onChange={onChange} position="bottom-end" trapFocus returnFocus shadow="md">
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          value={value ?? null}
          // The calendar opens on the chosen day, else this month (or the last allowed one, if earlier).
          defaultDate={value ?? (max && max < localDay(new Date()) ? max : undefined)}
          onChange={onPick}
          minDate={min}
          maxDate={max}
          aria-label={`${label} calendar`}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
