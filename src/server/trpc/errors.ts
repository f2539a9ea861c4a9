import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

export interface FieldIssue {
  path: string;
  message: string;
}

/** A validation failure that names its fields; becomes a 400 with one `errors` entry per field. */
export class FieldErrors extends Error {
  constructor(readonly errors: FieldIssue[], message = 'Validation failed') {
    super(message);
  }
}

export function fieldError(path: string, message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: new FieldErrors([{ path, message }], message) });
}

/** One entry per field (the first problem of each), path as the dotted field name. */
export function zodIssues(error: ZodError): FieldIssue[] {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    let path = issue.path.map(String).join('.');
    const message = issue.message;
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const p = path ? `${path}.${key}` : key;
        if (!seen.has(p)) seen.set(p, 'Unknown field');
      }
      continue;
    }
    if (!path) path = 'input';
    if (!seen.has(path)) seen.set(path, message);
  }
  return [...seen].map(([path, message]) => ({ path, message }));
}

/** The issues behind a tRPC error, when it is a validation failure. */
export function issuesOf(error: TRPCError): FieldIssue[] | undefined {
  const cause = error.cause;
  if (cause instanceof ZodError) return zodIssues(cause);
  if (cause instanceof FieldErrors) return cause.errors;
  return undefined;
}

export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
/** A 409 that names the field in conflict (a duplicate name), so the form shows it under that field. */
export const fieldConflict = (path: string, message: string) =>
  new TRPCError({ code: 'CONFLICT', message, cause: new FieldErrors([{ path, message }], message) });
export const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });
export const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
