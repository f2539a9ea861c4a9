import type { z } from 'zod';
import type { Db } from '../db/types';

/** What every read may need besides the database (the same on the main thread and in a worker). */
export interface ReadEnv {
  timeZone: string;
}

/**
 * Where a read runs (decisions 020, 023, 027-029, 085): 'screens' on whichever screen thread has fewer
 * reads in hand (the range thread among them); 'ranges' on the range thread, the one screen thread that
 * holds the range columns; 'checks' on the ledger check's own thread below the screens' priority;
 * 'exports' on the export thread, in the exports' line (a read of every row).
 */
export type ReadPool = 'screens' | 'ranges' | 'checks' | 'exports';

/**
 * One read, declared once beside its repository: its input schema (absent for a read without input),
 * the query, the pool that runs it when that is not the screens' (from its parsed input), and, when
 * given, the schema its answer is checked against (the procedure's `.output()`). Inputs arrive parsed;
 * answers are plain data, so they cross a thread boundary unchanged.
 */
export interface Read<In, R> {
  run(db: Db, input: In, env: ReadEnv): Promise<R>;
  pool?(input: In): ReadPool;
  output?: z.ZodType<R, R>;
}

export interface InputRead<S extends z.ZodType, R> extends Read<z.output<S>, R> {
  input: S;
}

export interface BareRead<R> extends Read<undefined, R> {
  input?: undefined;
}

export type ReadDeclaration = InputRead<z.ZodType, unknown> | BareRead<unknown>;

/** Declares a read whose input `input` parses (the query's input type follows from the schema). */
export function declareRead<S extends z.ZodType, R>(read: InputRead<S, R>): InputRead<S, R>;
/** Declares a read without input. */
export function declareRead<R>(read: BareRead<R>): BareRead<R>;
export function declareRead(read: ReadDeclaration): ReadDeclaration {
  return read;
}

/** The pool a read runs on for this input: its declared one, or the screens'. */
export function poolOf<In>(read: Read<In, unknown>, input: In): ReadPool {
  return read.pool?.(input) ?? 'screens';
}

/** A read of every row when asked without `limit` (decision 085): the export thread's; else the screens'. */
export const everyRowWithoutLimit = (input: { limit?: number } | undefined): ReadPool =>
  input?.limit === undefined ? 'exports' : 'screens';
