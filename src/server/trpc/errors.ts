import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { fieldIssues } from '../../shared/field-issues';
import { DomainError, type DomainErrorKind, type FieldIssue } from '../errors/domain-errors';

/** The issues behind a tRPC error, when it is a validation failure (or a conflict that names its field). */
export function issuesOf(error: TRPCError): FieldIssue[] | undefined {
  const cause = error.cause;
  if (cause instanceof ZodError) return fieldIssues(cause);
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
