import { useRef } from 'react';
import type { z } from 'zod';

/**
 * A form's check from a shared zod schema whose code (zod and its schema modules: 60-95 ms of a phone's
 * main thread at 1x) comes when the form is first used, not with its screen (decision 230): `load` fetches
 * it once (the form calls it on its first focus or press); until it is in, `validate` has nothing to say,
 * and a save waits for `load` first, so none goes out unchecked. A schema that cannot be fetched leaves the
 * check to the server, which checks every write with the same schema.
 */
export function checksOnUse<T>(fetchSchema: () => Promise<z.ZodType<unknown, T>>) {
  let check: ((values: T) => Record<string, string>) | null = null;
  let loading: Promise<void> | null = null;
  const load = () =>
    (loading ??= Promise.all([fetchSchema(), import('./zod-form')]).then(
      ([schema, { zodValidate }]) => {
        check = zodValidate(schema);
      },
      () => {
        loading = null;
      },
    ));
  return { load, ready: () => check !== null, validate: (values: T) => (check ? check(values) : {}) };
}

/**
 * A save's wait for the form's check (from `checksOnUse`), for a save pressed before it is in (a form calls
 * it when `checks.ready()` is false, so a save with the check in goes on at once): true once the check is
 * in; false for a press while an earlier one waits, which is not a second save (decision 257).
 */
export function useCheckedSave(checks: { load: () => Promise<void> }) {
  const waiting = useRef(false);
  return async (): Promise<boolean> => {
    if (waiting.current) return false;
    waiting.current = true;
    await checks.load().finally(() => (waiting.current = false));
    return true;
  };
}
