import { isTRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../server/trpc/app-router';
import { MAX_ERROR_MESSAGE_LENGTH, MAX_ERRORS_SHOWN } from '../../shared/constants';
import { type FieldIssue, fieldMessages } from '../../shared/field-issues';

export type { FieldIssue } from '../../shared/field-issues';

/** The error's data as the server's error formatter (trpc/init.ts) shapes it. */
function dataOf(error: unknown) {
  return isTRPCClientError<AppRouter>(error) ? (error.data ?? undefined) : undefined;
}

export function httpStatusOf(error: unknown): number | undefined {
  return dataOf(error)?.httpStatus;
}

export function isUnauthorized(error: unknown): boolean {
  return httpStatusOf(error) === 401;
}

export function fieldIssuesOf(error: unknown): FieldIssue[] {
  return dataOf(error)?.errors ?? [];
}

/** The server's field errors as a form's errors: field -> message. */
export const fieldErrorsOf = fieldMessages;

/** Spec 8.2: up to five errors, each as "[path] message", joined by "; ", then "…and N more". */
export function formatIssues(issues: FieldIssue[]): string {
  const shown = issues.slice(0, MAX_ERRORS_SHOWN).map((i) => `[${i.path}] ${i.message}`);
  const rest = issues.length - shown.length;
  return rest > 0 ? `${shown.join('; ')} …and ${rest} more` : shown.join('; ');
}

export function truncateMessage(message: string): string {
  return message.length > MAX_ERROR_MESSAGE_LENGTH ? message.slice(0, MAX_ERROR_MESSAGE_LENGTH) : message;
}

/** The server's message, or the fallback when the error carries none. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message && !/^(fetch failed|Failed to fetch)$/i.test(error.message)) {
    return truncateMessage(error.message);
  }
  return fallback;
}

/** Title and description for a failed save (spec 8.2 "Transaction create failure"). */
export function describeSaveError(error: unknown, fallback: string): { title: string; message: string } {
  const issues = fieldIssuesOf(error);
  if (issues.length) return { title: messageOf(error, 'Error'), message: formatIssues(issues) };
  return { title: 'Error', message: messageOf(error, fallback) };
}

/** A failed read and how to try it again. */
export interface Failure {
  error: unknown;
  retry: () => void;
}

export interface QueryLike {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The first failed read among `queries` (null when none failed); Retry runs every failed one again. */
export function failureOf(...queries: QueryLike[]): Failure | null {
  const failed = queries.filter((q) => q.isError);
  if (failed.length === 0) return null;
  return { error: failed[0].error, retry: () => failed.forEach((q) => void q.refetch()) };
}
