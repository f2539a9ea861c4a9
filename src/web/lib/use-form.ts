import { type ChangeEvent, useState } from 'react';
import { fieldErrorsOf, fieldIssuesOf } from './errors';
import { type SaveOptions, useSave } from './use-save';

/** The keys of V whose values are text. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A form's values and field errors (decision 075: `useState` initialised from props, in a component that
 * mounts when its dialog opens). `field(key)` binds a text or number input to a text value and its
 * message; `check(payload)` runs the shared schema's check and shows its messages on the fields;
 * `save(write, options)` runs the write as `useSave` does, the server's field messages landing on the form;
 * a form that words its own toasts runs its write itself and hands a refusal to `showServerErrors`.
 */
export function useForm<V extends object, P>(initial: V | (() => V), validate: (payload: P) => Record<string, string>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const runSave = useSave();
  const set = (key: TextKey<V>, value: string) => setValues((now) => ({ ...now, [key]: value }));
  const field = (key: TextKey<V>) => ({
    value: String(values[key]),
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    error: errors[key],
  });
  /** Decision 075's edit: the value changes and the field's message clears until it is checked again. */
  const change = <K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((now) => ({ ...now, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  /** Checks one field as it is left: its message shows, or clears when it now passes. */
  const checkField = (key: string, payload: P) => {
    const problem = validate(payload)[key];
    setErrors(({ [key]: _old, ...rest }) => (problem ? { ...rest, [key]: problem } : rest));
  };
  /** True when `payload` passes; otherwise its messages show on the fields. */
  const check = (payload: P) => {
    const problems = validate(payload);
    setErrors(problems);
    return Object.keys(problems).length === 0;
  };
  const save = (write: () => Promise<unknown>, options: Omit<SaveOptions, 'onFieldErrors'>) =>
    runSave(write, { ...options, onFieldErrors: setErrors });
  /** A refused write's field messages, shown on the fields; returns them for a form that words its own toast. */
  const showServerErrors = (error: unknown) => {
    const issues = fieldIssuesOf(error);
    if (issues.length) setErrors(fieldErrorsOf(issues));
    return issues;
  };
  /** Checks `payload`, then saves it; true when the write succeeded. */
  const submit = async (payload: P, write: (payload: P) => Promise<unknown>, options: Omit<SaveOptions, 'onFieldErrors'>) =>
    check(payload) && save(() => write(payload), options);
  return { values, setValues, set, change, field, errors, setErrors, check, checkField, showServerErrors, save, submit };
}
