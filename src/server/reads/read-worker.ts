import { type MessagePort, workerData } from 'node:worker_threads';
import { type DocumentFormat, type DocumentRequest, writeDocument } from '../features/exports/write-document';
import { portWritable } from './port-stream';
import { openReadOnly } from '../db/database';
import { pairRangesOf } from '../features/reports/pair-ranges';
import { linkBalancesOf } from '../features/reports/link-balances';
import { lowerThreadPriority } from '../threads/thread-priority';
import { toWire, type WireError } from './read-errors';
import { runNamed } from './declared-reads';
import type { ReadEnv } from './read-declaration';

/**
 * A read worker (docs/decisions/020): one per pool thread, each with its own read-only connection.
 * Piscina calls the default export once per task; a task runs one read by its name (declared-reads.ts).
 */
export interface ReadWorkerData extends ReadEnv {
  file: string;
  /**
   * What the thread serves, and what it builds as it starts: the screens (the link balances, decision 026),
   * the screens and ranged reports (the link balances and the range columns, decisions 023 and 029),
   * exports or the ledger check (nothing).
   */
  role: 'screens' | 'ranges' | 'exports' | 'checks';
  /** The thread's nice value: below the main thread, which answers HTTP and commits the ledger's writes. */
  nice: number;
}

/** A read by name and its parsed input: the thread boundary is untyped, each reply typed by the task that asked. */
export interface ReadTask {
  name: string;
  input: unknown;
  /** Answer with the JSON text (serialised here, off the main thread) instead of the value. */
  json?: boolean;
}

type Failure = { ok: false; error: WireError };
export type ValueReply<R> = { ok: true; value: R } | Failure;
export type JsonReply = { ok: true; json: string } | Failure;

const { file, role, nice, ...env } = workerData as ReadWorkerData;
const { db, sqlite } = openReadOnly(file);
lowerThreadPriority(nice);
if (role === 'ranges') pairRangesOf(sqlite).columns({}, {});
if (role === 'screens' || role === 'ranges') linkBalancesOf(sqlite).above(Infinity);

export default async function run(task: ReadTask): Promise<ValueReply<unknown> | JsonReply> {
  try {
    const value = await runNamed(db, task.name, task.input, env);
    // A read that answers nothing is JSON's null, as tRPC and REST send it.
    return task.json ? { ok: true, json: JSON.stringify(value) ?? 'null' } : { ok: true, value };
  } catch (error) {
    return { ok: false, error: toWire(error) };
  }
}

/** An export written here, its bytes sent to the main thread over `port` (port-stream.ts). */
export interface ExportTask {
  request: DocumentRequest;
  format: DocumentFormat;
  /** Today in the server's zone, for the file name. */
  day: string;
  port: MessagePort;
  maxRows?: number;
  /** How long in all the writer may wait for its reader before it gives up (port-stream.ts). */
  readerWaitMs: number;
}

export type ExportReply = { ok: true; rows: number } | { ok: false; error: WireError };

export async function exportFile(task: ExportTask): Promise<ExportReply> {
  // An Excel file (or a PDF) takes about three times a CSV's CPU and has eight times its time budget (the benchmark's 120 s
  // against 15 s): it yields more to the screens (nice 10; a thread's nice only goes down, so a CSV after it
  // in the same thread runs at 10 too, until the idle thread ends after a minute).
  if (task.format !== 'csv') lowerThreadPriority(10);
  const out = portWritable(task.port, task.readerWaitMs);
  try {
    const rows = await writeDocument(db, task.request, {
      format: task.format,
      out,
      timeZone: env.timeZone,
      day: task.day,
      maxRows: task.maxRows,
    });
    return { ok: true, rows };
  } catch (error) {
    out.destroy();
    task.port.close();
    return { ok: false, error: toWire(error) };
  }
}
