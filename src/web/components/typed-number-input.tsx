import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A number as a person types it: a text input (so the value seen is the value validated, unlike a
 * browser number input that reports an unparseable entry as empty), a decimal keypad on phones, and
 * the whole text selected on focus so typing replaces a filled value instead of appending to it.
 */
export function TypedNumberInput({ whole, onFocus, ...props }: TextInputProps & { whole?: boolean }) {
  return (
    <TextInput
      inputMode={whole ? 'numeric' : 'decimal'}
      autoComplete="off"
      spellCheck={false}
      {...props}
      onFocus={(e) => {
        e.currentTarget.select();
        onFocus?.(e);
      }}
    />
  );
}
