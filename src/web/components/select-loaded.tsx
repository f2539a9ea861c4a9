// Mantine's Select, as components/select.tsx hands it over once its code is in (decision 225); the one
// module that imports it (eslint.config.js).
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { Select as MantineSelect, type Primitive, type SelectProps } from '@mantine/core';
import { type FocusEvent, type Ref, useEffect, useReducer, useState } from 'react';

/**
 * Mantine's Select, whose list of options is built when the field is first focused (decision 219).
 * Mantine keeps every Select's list mounted, hidden, from the start, so that a key pressed on the closed
 * field finds its options; a screen with five Selects built five lists and placed five dropdowns
 * before its first tap. Focus comes before any key or click, so each list is in place when a key or a
 * click asks for it. The list names itself to the field (aria-controls) on a render after it has
 * settled, which the effect below asks for: a searchable field opens on that same focus.
 */
export function LoadedSelect<V extends Primitive = string>(props: SelectProps<V> & { ref?: Ref<HTMLInputElement> }) {
  const [focused, setFocused] = useState(false);
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!focused) return;
    // After the list's own renders: it takes its final id in a second one.
    const timer = setTimeout(renderAgain);
    return () => clearTimeout(timer);
  }, [focused]);
  const onFocus = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(true);
    props.onFocus?.(event);
  };
  return <MantineSelect<V> {...props} onFocus={onFocus} comboboxProps={{ keepMounted: focused, ...props.comboboxProps }} />;
}
