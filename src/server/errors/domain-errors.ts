/**
 * The errors the data and domain layers throw. They know nothing of tRPC or HTTP: one place maps them
 * (`toTRPCError` in trpc/errors.ts; the REST adapter answers the mapped error's HTTP status).
 */

import type { FieldIssue } from '../../shared/field-issues';

export type { FieldIssue } from '../../shared/field-issues';

/** What went wrong, in the domain's words; trpc/errors.ts maps each kind to a tRPC code (and so an HTTP status). */
export type DomainErrorKind = 'invalid' | 'not-found' | 'conflict' | 'forbidden' | 'busy' | 'too-many';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The fields at fault (a form shows each message under its field). */
    readonly fields?: FieldIssue[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A refused value that names its field: a 400 with one `errors` entry. */
export const fieldError = (path: string, message: string) => new DomainError('invalid', message, [{ path, message }]);
export const conflict = (message: string) => new DomainError('conflict', message);
/** A conflict that names the field (a duplicate name), so the form shows it under that field. */
export const fieldConflict = (path: string, message: string) => new DomainError('conflict', message, [{ path, message }]);
export const notFound = (message: string) => new DomainError('not-found', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
