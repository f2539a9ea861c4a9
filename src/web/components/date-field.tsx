import { ActionIcon, TextInput, type MantineSize } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { lazy, type ReactNode, startTransition, Suspense, useRef, useState } from 'react';
import { withScreenStyles } from '../lib/screen-styles';
import { DAY_INPUT_FORMAT, formatTypedDay, parseTypedDay, PARTIAL_DAY_MESSAGE } from '../lib/typed-day';

const Calendar = lazy(() => withScreenStyles(import('./date-field-calendar')).then((m) => ({ default: m.DateFieldCalendar })));

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
  const [asked, setAsked] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
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

  // The calendar hangs off its button (a popup button may say it is expanded; a text field may not). Its
  // code (Mantine's dates and dayjs) comes when it is first asked for (decision 222); the button stays in
  // place until then, a transition keeping it on screen while the code arrives.
  const toggle = () =>
    startTransition(() => {
      setAsked(true);
      setCalendar((o) => !o);
    });
  const button = (
    <ActionIcon
      ref={buttonRef}
      variant="subtle"
      color="gray"
      size={size === 'xs' ? 'sm' : 'md'}
      aria-label={`${label}: choose on a calendar`}
      // As Mantine's popover target says once the calendar's code is in (it then keeps them current).
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={toggle}
    >
      <IconCalendar size={16} />
    </ActionIcon>
  );
  const calendarButton = (
    <Suspense fallback={button}>
      {asked ? (
        <Calendar
          button={button}
          focusButton={() => buttonRef.current?.focus()}
          opened={calendar}
          onChange={setCalendar}
          onPick={pick}
          label={label}
          value={value}
          min={min}
          max={max}
        />
      ) : (
        button
      )}
    </Suspense>
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
