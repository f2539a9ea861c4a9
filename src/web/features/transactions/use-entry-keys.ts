import { useHotkeys } from '@mantine/hooks';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';

export type EntryField = 'customer' | 'casino' | 'type' | 'usd';
export interface ListOption {
  value: string;
  label: string;
}

/** Selects of the entry form: typing opens the list, the first match is highlighted, Enter picks it. */
const selectProps = { openOnFocus: false, selectFirstOptionOnChange: true } as const;

/** The option Enter chooses: the highlighted one, else the first whose label contains the typed text. */
function choiceOf(input: HTMLInputElement, options: ListOption[]): string | undefined {
  const typed = input.value.trim().toLowerCase();
  if (!typed) return undefined;
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  const highlighted = list?.querySelector('[data-combobox-selected]')?.getAttribute('value');
  if (highlighted && options.some((o) => o.value === highlighted)) return highlighted;
  return options.find((o) => o.label.toLowerCase().includes(typed))?.value;
}

/**
 * Enter in an entry list (decision 040). The form handles it alone, before Mantine's own handler (whose
 * highlight index can lag behind the highlighted option while one types fast, so that Enter fell through
 * to the form and submitted it): Enter never submits, it chooses the highlighted (or first) match. Pressed
 * while the list is still on its way from the server, Enter is kept and chooses once the list arrives,
 * from what is typed then, as long as the field still has the focus.
 */
export function useListEnter(
  field: RefObject<HTMLInputElement | null>,
  options: ListOption[],
  loading: boolean,
  choose: (value: string) => void,
) {
  // Whether an Enter waits for the list. The field's element is read when the list arrives: the picker
  // may have swapped its stand-in for the real field meanwhile (components/select.tsx, decision 257).
  const waiting = useRef(false);
  useEffect(() => {
    const input = field.current;
    if (!waiting.current || loading) return;
    waiting.current = false;
    const value = input && document.activeElement === input ? choiceOf(input, options) : undefined;
    if (value) choose(value);
  });
  return {
    onKeyDownCapture: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Escape') waiting.current = false;
      if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey || event.nativeEvent.isComposing) return;
      event.preventDefault();
      event.stopPropagation();
      if (loading) {
        waiting.current = true;
        return;
      }
      const value = choiceOf(event.currentTarget, options);
      if (value) choose(value);
    },
    onBlur: () => {
      waiting.current = false;
    },
  };
}

/** A touch screen with no mouse or trackpad: a phone or a tablet on its own. */
const TOUCH_ONLY = '(hover: none) and (pointer: coarse)';

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
  // The focus moves after React has committed the change that asked for it (a field disabled until this
  // change is enabled by then), never on a timer that races the list closing.
  // On a touch screen without a mouse nothing takes the focus on open (decision 221): no keyboard is
  // typing there, and focusing Customer built its list of every customer before the first tap.
  const [focusRequest, setFocusRequest] = useState<{ field: EntryField } | null>(() =>
    window.matchMedia(TOUCH_ONLY).matches ? null : { field: 'customer' },
  );
  useEffect(() => {
    if (!focusRequest) return;
    const { field } = focusRequest;
    const target = field === 'usd' ? refs.form.current?.querySelector<HTMLInputElement>('input[name="usdChange"]') : refs[field].current;
    target?.focus();
    // Runs per request only: the refs are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);
  const focus = (field: EntryField) => setFocusRequest({ field });

  // Empty tag list: the shortcuts work while typing in a field too.
  useHotkeys(
    [
      ['mod+Enter', save],
      ['alt+N', nextCasino, { usePhysicalKeys: true }],
    ],
    [],
  );

  return { refs, focus, selectProps };
}
