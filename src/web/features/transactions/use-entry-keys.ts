import { useHotkeys } from '@mantine/hooks';
import { type KeyboardEvent, useEffect, useRef } from 'react';

export type EntryField = 'customer' | 'casino' | 'type' | 'usd';

/** Selects of the entry form: typing opens the list, the first match is highlighted, Enter picks it. */
const selectProps = { openOnFocus: false, selectFirstOptionOnChange: true } as const;

/**
 * Enter in a list never submits the form. With an option highlighted, Mantine picks it; otherwise (the
 * highlight has not caught up with fast typing, or the list is not open yet) the first option whose
 * label contains the typed text is chosen, the same match Mantine's filter shows first.
 */
function enterPicks(options: { value: string; label: string }[], choose: (value: string) => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    const input = event.currentTarget;
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (input.getAttribute('aria-expanded') === 'true' && list?.querySelector('[data-combobox-selected]')) return;
    event.preventDefault();
    const typed = input.value.trim().toLowerCase();
    const match = options.find((o) => o.label.toLowerCase().includes(typed));
    if (typed && match) choose(match.value);
  };
}

/**
 * Keyboard-first entry (decision 040): Customer has focus when the form opens, choosing an option moves
 * on to the next field, Ctrl+Enter saves from anywhere on the page and Alt+N picks the next casino.
 */
export function useEntryKeys({ save, nextCasino }: { save: () => void; nextCasino: () => void }) {
  const refs = {
    form: useRef<HTMLFormElement>(null),
    customer: useRef<HTMLInputElement>(null),
    casino: useRef<HTMLInputElement>(null),
    type: useRef<HTMLInputElement>(null),
  };
  const focusNow = (field: EntryField) => {
    const target = field === 'usd' ? refs.form.current?.querySelector<HTMLInputElement>('input[name="usdChange"]') : refs[field].current;
    target?.focus();
  };
  // A field that was disabled until this change is enabled on the next render: focus after it.
  const focus = (field: EntryField) => setTimeout(() => focusNow(field), 0);

  useEffect(() => {
    refs.customer.current?.focus();
    // Only on mount: the refs are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Empty tag list: the shortcuts work while typing in a field too.
  useHotkeys(
    [
      ['mod+Enter', save],
      ['alt+N', nextCasino, { usePhysicalKeys: true }],
    ],
    [],
  );

  return { refs, focus, selectProps, enterPicks };
}
