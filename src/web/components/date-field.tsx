import { ActionIcon, Popover, TextInput, type MantineSize } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { localDay } from '../../shared/dates';
import { DAY_INPUT_FORMAT, formatTypedDay, parseTypedDay, PARTIAL_DAY_MESSAGE } from '../lib/typed-day';

export interface DateFieldProps {
  label: string;
  /** The applied day, YYYY-MM-DD; undefined for none. */
  value: string | undefined;
  /** Called with a whole, real day only (or undefined when the field is emptied and `required` is off). */
  onChange: (day: string | undefined) => void;
  /** Limits of the calendar (typed days outside them still apply; the screens name a backwards range). */
  min?: string;
  max?: string;
  /** A message from the screen (a backwards range); the field's own "Enter a full date" comes first. */
  error?: ReactNode;
  description?: ReactNode;
  /** A field that always holds a day (the check-in board's Day): emptying it changes nothing. */
  required?: boolean;
  w?: number;
  size?: MantineSize;
}

/**
 * A date filter (decision 110): typed in the office's format (11/20/2026), pasted (2026-11-20) or picked
 * on the calendar. What is typed stays as typed until it is a whole, real day; only then does the screen
 * hear of it, so no partial date reaches the URL or the server. Self-contained, so any filter panel can
 * hold it.
 */
export function DateField({ label, value, onChange, min, max, error, description, required, w, size }: DateFieldProps) {
  const [text, setText] = useState(() => formatTypedDay(value));
  const [shown, setShown] = useState(value);
  const [calendar, setCalendar] = useState(false);
  // A day applied from outside (Clear, the board's own day arriving, the calendar) replaces the text,
  // unless the text already says that day (a typed 1/5/2026 is not rewritten under the fingers).
  if (value !== shown) {
    setShown(value);
    const typed = parseTypedDay(text);
    if (!(typed.kind === 'day' && typed.day === value) && !(typed.kind === 'empty' && value === undefined)) setText(formatTypedDay(value));
  }

  const typed = parseTypedDay(text);
  const problem =
    typed.kind === 'partial' || typed.kind === 'unreal'
      ? typed.message
      : typed.kind === 'empty' && required
        ? PARTIAL_DAY_MESSAGE
        : undefined;

  const type = (next: string) => {
    setText(next);
    const parsed = parseTypedDay(next);
    if (parsed.kind === 'day' && parsed.day !== value) onChange(parsed.day);
    if (parsed.kind === 'empty' && !required && value !== undefined) onChange(undefined);
  };
  const pick = (day: string | null) => {
    setCalendar(false);
    if (!day) return;
    setText(formatTypedDay(day));
    if (day !== value) onChange(day);
  };

  // The calendar hangs off its button (a popup button may say it is expanded; a text field may not).
  const calendarButton = (
    <Popover opened={calendar} onChange={setCalendar} position="bottom-end" trapFocus returnFocus shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={size === 'xs' ? 'sm' : 'md'}
          aria-label={`${label}: choose on a calendar`}
          onClick={() => setCalendar((o) => !o)}
        >
          <IconCalendar size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          value={value ?? null}
          // The calendar opens on the chosen day, else this month (or the last allowed one, if earlier).
          defaultDate={value ?? (max && max < localDay(new Date()) ? max : undefined)}
          onChange={pick}
          minDate={min}
          maxDate={max}
          aria-label={`${label} calendar`}
        />
      </Popover.Dropdown>
    </Popover>
  );

  return (
    <TextInput
      label={label}
      description={description}
      placeholder={DAY_INPUT_FORMAT}
      value={text}
      onChange={(e) => type(e.currentTarget.value)}
      // The office's spelling once the person is done ("1/5/2026" reads back as 01/05/2026).
      onBlur={() => typed.kind === 'day' && setText(formatTypedDay(typed.day))}
      error={problem ?? error}
      autoComplete="off"
      spellCheck={false}
      w={w}
      size={size}
      rightSectionPointerEvents="all"
      rightSection={calendarButton}
    />
  );
}
