import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { DomainError, type DomainErrorKind, type FieldIssue } from '../errors/domain-errors';

export type { FieldIssue } from '../errors/domain-errors';

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

/** The issues behind a tRPC error, when it is a validation failure (or a conflict that names its field). */
export function issuesOf(error: TRPCError): FieldIssue[] | undefined {
  const cause = error.cause;
  if (cause instanceof ZodError) return zodIssues(cause);
  if (cause instanceof DomainError) return cause.fields;
  return undefined;
}

/** The one map from the domain's errors to tRPC's codes; the HTTP status follows from the code. */
const CODES: Record<DomainErrorKind, TRPCError['code']> = {
  invalid: 'BAD_REQUEST',
  'not-found': 'NOT_FOUND',
  conflict: 'CONFLICT',
  forbidden: 'FORBIDDEN',
  busy: 'SERVICE_UNAVAILABLE',
  'too-many': 'TOO_MANY_REQUESTS',
};

export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({ code: CODES[error.kind], message: error.message, cause: error });
}
