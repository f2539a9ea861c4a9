import type { ZodError } from 'zod';

/** One refused field: its dotted path and the message shown under it. The server sends these, forms show them. */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * A zod failure as field issues, one per field (the first problem of each), path as the dotted field name.
 * An unknown key is "Unknown field"; a problem with the whole input is named `input`.
 */
export function fieldIssues(error: ZodError): FieldIssue[] {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const p = path ? `${path}.${key}` : key;
        if (!seen.has(p)) seen.set(p, 'Unknown field');
      }
      continue;
    }
    const field = path || 'input';
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([path, message]) => ({ path, message }));
}

/** Field issues as a form's errors: field -> message. */
export const fieldMessages = (issues: FieldIssue[]): Record<string, string> => Object.fromEntries(issues.map((i) => [i.path, i.message]));
