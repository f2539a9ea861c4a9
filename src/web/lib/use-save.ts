import { useCallback } from 'react';
import { fieldErrorsOf, fieldIssuesOf, formatIssues, isUnauthorized, messageOf } from './errors';
import { notifyError, notifySuccess } from './notify';

export interface SaveOptions {
  /** Success toast: [title, text] (spec 8.3). */
  success: [string | undefined, string];
  /** The error toast's default text (spec 8.2). */
  failure: string;
  /** Receives field errors to show on the form. */
  onFieldErrors?: (errors: Record<string, string>) => void;
}

/** Runs a write with the spec's toasts and field errors (a 401 is handled by the query client; the write's tRPC link refreshes the cache). Returns success. */
export function useSave() {
  return useCallback(async (write: () => Promise<unknown>, opts: SaveOptions): Promise<boolean> => {
    try {
      await write();
      notifySuccess(opts.success[0], opts.success[1]);
      return true;
    } catch (error) {
      if (isUnauthorized(error)) return false;
      const issues = fieldIssuesOf(error);
      if (issues.length && opts.onFieldErrors) opts.onFieldErrors(fieldErrorsOf(issues));
      const detail = issues.length ? formatIssues(issues) : messageOf(error, '');
      notifyError('Error', detail ? `${opts.failure}. ${detail}` : opts.failure);
      return false;
    }
  }, []);
}
