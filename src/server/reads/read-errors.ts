import { TRPCError } from '@trpc/server';
import { FieldErrors, type FieldIssue } from '../trpc/errors';

/** An error as it crosses from a read worker to the main thread (structured clone keeps no classes). */
export interface WireError {
  code: TRPCError['code'];
  message: string;
  fields?: FieldIssue[];
}

export function toWire(error: unknown): WireError {
  if (error instanceof TRPCError) {
    const fields = error.cause instanceof FieldErrors ? error.cause.errors : undefined;
    return { code: error.code, message: error.message, ...(fields ? { fields } : {}) };
  }
  return { code: 'INTERNAL_SERVER_ERROR', message: error instanceof Error ? error.message : String(error) };
}

/** The TRPCError a read worker threw, rebuilt so tRPC and REST answer it as if it ran here. */
export function fromWire(wire: WireError): TRPCError {
  const cause = wire.fields ? new FieldErrors(wire.fields, wire.message) : new Error(wire.message);
  return new TRPCError({ code: wire.code, message: wire.message, cause });
}
