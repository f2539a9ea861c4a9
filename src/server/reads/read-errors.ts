import { DomainError, type DomainErrorKind, type FieldIssue } from '../errors/domain-errors';

/** An error as it crosses from a read worker to the main thread (structured clone keeps no classes). */
export interface WireError {
  kind: DomainErrorKind | 'internal';
  message: string;
  fields?: FieldIssue[];
}

export function toWire(error: unknown): WireError {
  if (error instanceof DomainError) return { kind: error.kind, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
}

/** The error a read worker threw, rebuilt so tRPC and REST answer it as if it ran here. */
export function fromWire(wire: WireError): Error {
  return wire.kind === 'internal' ? new Error(wire.message) : new DomainError(wire.kind, wire.message, wire.fields);
}
