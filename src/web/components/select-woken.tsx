import type { Primitive, SelectProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type Ref, useEffect, useLayoutEffect, useRef } from 'react';
import type { LoadedSelect } from './select-loaded';

/**
 * Types `text` into an input React controls, as a person would: the value set beneath React's record of
 * it, then the input event React listens for, so the field's own change handler runs.
 */
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

type Props<V extends Primitive> = SelectProps<V> & {
  Real: typeof LoadedSelect;
  /** What was typed into the stand-in. */
  typed: string;
  /** Whether the stand-in had the focus. */
  focused: boolean;
  /** Whether a press or an arrow key on the stand-in asked for the list. */
  open: boolean;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The real field that takes over from a stand-in that took keys (components/select.tsx, decision 257):
 * focused if the stand-in was, and given what was typed there as typing, once Mantine's Select has set
 * its search on mounting (its effects run before this one's), so its list opens on the first matches.
 */
export function Woken<V extends Primitive>({ Real, typed, focused, open, ref, ...props }: Props<V>) {
  const input = useRef<HTMLInputElement>(null);
  const merged = useMergedRef(input, ref);
  const handed = useRef({ typed, focused, open });
  useLayoutEffect(() => {
    if (handed.current.focused) input.current?.focus();
  }, []);
  useEffect(() => {
    const { typed: text, focused: hadFocus } = handed.current;
    const field = input.current;
    if (field && hadFocus && text && field === document.activeElement) typeInto(field, text);
  }, []);
  return <Real<V> {...props} ref={merged} defaultDropdownOpened={handed.current.open && handed.current.focused} />;
}
