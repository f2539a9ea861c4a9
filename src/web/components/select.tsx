import { ComboboxChevron, InputBase, type Primitive, type SelectProps } from '@mantine/core';
import { type KeyboardEvent, type Ref, useRef, useState } from 'react';
import type { LoadedSelect } from './select-loaded';
import { Woken } from './select-woken';

type Loaded = typeof LoadedSelect;
let loaded: Loaded | null = null;
let loading: Promise<void> | null = null;

/** Fetches Mantine's Select (select-loaded.tsx) once; a field swaps to it on its next render after. */
export function loadSelect(): Promise<void> {
  loading ??= import('./select-loaded').then((m) => {
    loaded = m.LoadedSelect;
  });
  return loading;
}

/** How a field was woken: a press or a key that opens its list, or the focus alone. */
type Wake = 'open' | 'focus';
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);
/** In a field that takes keys, space and Enter are typing and choosing: only the arrows open its list. */
const ARROWS = new Set(['ArrowDown', 'ArrowUp']);

type Props<V extends Primitive> = SelectProps<V> & {
  ref?: Ref<HTMLInputElement>;
  /**
   * The field takes keys the moment it has the focus (the entry form's pickers): its code is fetched when
   * it first has the focus (or a pointer over it), and until then it is a text field that keeps what is
   * typed, which the real field gets as if typed into it (decision 257).
   */
  takesKeys?: boolean;
};

/**
 * A single choice from a list (Mantine's Select), whose code comes when a field is first used
 * (decision 225): Mantine's Combobox, Popover and Floating UI are about a quarter of the screens' shared
 * chunk, which every screen fetched before its first paint for filters no one had touched yet. Until
 * then the field is a read-only input that looks the same (its label, choice, chevron and error); a
 * pointer over it fetches the code, and a click, a key or the focus swaps in the real field, focused,
 * with its list open when the press or key would have opened it. Once the code is in, fields are the
 * real one from the start. A field that `takesKeys` (Add Transaction's pickers) is a text field until
 * the code is in, and no key typed before the swap is lost (decision 257).
 */
export function Select<V extends Primitive = string>({ takesKeys, ...props }: Props<V>) {
  const [wake, setWake] = useState<Wake | null>(null);
  const [, setReady] = useState(false);
  const fetchCode = () => void loadSelect().then(() => setReady(true));
  // A field that took keys as a stand-in hands them over when its code is in (select-woken.tsx).
  const [standIn] = useState(() => takesKeys && !loaded);
  const [typed, setTyped] = useState<string | null>(null);
  const focused = useRef(false);
  // A choice made while a stand-in (Enter on a match) shows the choice, not what was typed.
  const [choice, setChoice] = useState(props.value);
  if (choice !== props.value) {
    setChoice(props.value);
    setTyped(null);
  }
  if (loaded) {
    const Real = loaded;
    if (standIn) return <Woken<V> Real={Real} {...props} typed={typed ?? ''} focused={focused.current} open={wake === 'open'} />;
    return wake ? <Real<V> {...props} autoFocus defaultDropdownOpened={wake === 'open'} /> : <Real<V> {...props} />;
  }
  const wakeUp = (how: Wake) => {
    if (props.disabled || props.readOnly) return;
    setWake((was) => (was === 'open' ? was : how));
    fetchCode();
  };
  const shown = typed ?? labelOf(props.data, props.value ?? props.defaultValue);
  const common = {
    ref: props.ref,
    value: shown,
    placeholder: props.placeholder,
    label: props.label,
    description: props.description,
    error: props.error,
    required: props.required,
    withAsterisk: props.withAsterisk,
    disabled: props.disabled,
    size: props.size,
    w: props.w,
    style: props.style,
    className: props.className,
    inputWrapperOrder: props.inputWrapperOrder,
    id: props.id,
    'aria-label': props['aria-label'],
    // As the real field names itself: a list's field, its list shut.
    role: 'combobox',
    'aria-expanded': false,
    'aria-haspopup': 'listbox' as const,
    rightSection: props.rightSection ?? <ComboboxChevron size={props.size} error={props.error} />,
    rightSectionPointerEvents: 'none' as const,
  };
  if (standIn)
    return (
      <InputBase
        {...common}
        autoComplete="off"
        readOnly={props.readOnly}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onPointerEnter={() => void loadSelect()}
        onFocus={() => {
          focused.current = true;
          fetchCode();
        }}
        // As Mantine's Select does on leaving: what was typed and not chosen gives way to the choice.
        onBlur={(event) => {
          focused.current = false;
          setTyped(null);
          setWake(null);
          props.onBlur?.(event);
        }}
        onClick={() => setWake('open')}
        onKeyDownCapture={props.onKeyDownCapture}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => ARROWS.has(event.key) && (event.preventDefault(), setWake('open'))}
      />
    );
  return (
    <InputBase
      {...common}
      readOnly
      pointer
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
