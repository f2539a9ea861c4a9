import { ComboboxChevron, InputBase, type Primitive, type SelectProps } from '@mantine/core';
import { type KeyboardEvent, type Ref, useState } from 'react';
import type { LoadedSelect } from './select-loaded';

type Loaded = typeof LoadedSelect;
let loaded: Loaded | null = null;
let loading: Promise<void> | null = null;

/** Fetches Mantine's Select (select-loaded.tsx) once; every field swaps to it on its next wake. */
export function loadSelect(): Promise<void> {
  loading ??= import('./select-loaded').then((m) => {
    loaded = m.LoadedSelect;
  });
  return loading;
}

/** How a field was woken: a press or a key that opens its list, or the focus alone. */
type Wake = 'open' | 'focus';
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * A single choice from a list (Mantine's Select), whose code comes when a field is first used
 * (decision 225): Mantine's Combobox, Popover and Floating UI are about a quarter of the screens' shared
 * chunk, which every screen fetched before its first paint for filters no one had touched yet. Until
 * then the field is a read-only input that looks the same (its label, choice, chevron and error); a
 * pointer over it fetches the code, and a click, a key or the focus swaps in the real field, focused,
 * with its list open when the press or key would have opened it. Once the code is in, fields are the
 * real one from the start. A form whose field takes keys at once (Add Transaction, Edit) uses
 * select-loaded.tsx's `LoadedSelect` directly: a key typed before the swap would be lost.
 */
export function Select<V extends Primitive = string>(props: SelectProps<V> & { ref?: Ref<HTMLInputElement> }) {
  const [wake, setWake] = useState<Wake | null>(null);
  const [, setReady] = useState(false);
  if (loaded) {
    const Real = loaded;
    return wake ? <Real<V> {...props} autoFocus defaultDropdownOpened={wake === 'open'} /> : <Real<V> {...props} />;
  }
  const wakeUp = (how: Wake) => {
    if (props.disabled || props.readOnly) return;
    setWake((was) => (was === 'open' ? was : how));
    void loadSelect().then(() => setReady(true));
  };
  return (
    <InputBase
      ref={props.ref}
      readOnly
      pointer
      value={labelOf(props.data, props.value ?? props.defaultValue)}
      placeholder={props.placeholder}
      label={props.label}
      description={props.description}
      error={props.error}
      required={props.required}
      withAsterisk={props.withAsterisk}
      disabled={props.disabled}
      size={props.size}
      w={props.w}
      style={props.style}
      className={props.className}
      inputWrapperOrder={props.inputWrapperOrder}
      id={props.id}
      aria-label={props['aria-label']}
      aria-haspopup="listbox"
      rightSection={<ComboboxChevron size={props.size} error={props.error} />}
      rightSectionPointerEvents="none"
      onPointerEnter={() => void loadSelect()}
      // A press swaps when it is complete (its click): swapped under a pressed button, the real field
      // would get half a press, no click, and its list would stay shut or toggle shut. Its mousedown
      // takes no focus, so the focus does not swap it first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => wakeUp('open')}
      onFocus={() => wakeUp('focus')}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => OPENING_KEYS.has(event.key) && (event.preventDefault(), wakeUp('open'))}
    />
  );
}

/** The label of the chosen option (options may be plain values, { value, label } or groups of them). */
function labelOf(data: readonly unknown[] | undefined, value: Primitive | null | undefined): string {
  if (value === null || value === undefined) return '';
  for (const item of data ?? []) {
    if (item === value) return String(item);
    if (typeof item !== 'object' || item === null) continue;
    if ('items' in item && Array.isArray(item.items)) {
      const found = labelOf(item.items, value);
      if (found) return found;
    } else if ('value' in item && item.value === value) {
      return 'label' in item && typeof item.label === 'string' ? item.label : String(value);
    }
  }
  return '';
}
