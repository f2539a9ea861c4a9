import { Readable } from 'node:stream';
import { TRPCError } from '@trpc/server';
import type { ProcedurePath } from '../trpc/app-router';
import type { Context } from '../trpc/context';
import { callForJson, callProcedure } from './procedure-call';

/** Reports whose REST answer without `limit` is every row: sent page by page, never built whole. */
const STREAMED = new Set<ProcedurePath>(['reports.highSc', 'reports.profitability', 'reports.participation']);
/** Reports whose REST answer without `limit` is their longest one (Transaction Types: its 1,000 default rows). */
const LONGEST = new Set<ProcedurePath>(['reports.transactionTypes']);
const PAGE = 1000;

const withoutLimit = (input: unknown) => input === undefined || (typeof input === 'object' && input !== null && !('limit' in input));

/**
 * Whether this REST read answers every row (or its longest answer): a report asked without `limit`. Those
 * run on the export thread, in its line, never on the screens' threads (decision 085).
 */
export function isEveryRowRead(procedure: ProcedurePath, input: unknown): boolean {
  return (STREAMED.has(procedure) || LONGEST.has(procedure)) && withoutLimit(input);
}

/**
 * An every-row read's answer: it waits for the export thread in the exports' line (a 429 past it; it
 * leaves the line when `signal` aborts, its request closed), and every read it makes runs there, the
 * procedure checking access and input on each as it always does. The thread is handed on when the answer
 * ends, is closed, or fails.
 */
export async function everyRowAnswer(
  context: Context,
  procedure: ProcedurePath,
  input: unknown,
  signal: AbortSignal,
): Promise<Readable | string> {
  // Refused before it takes a place in the line: a stranger cannot fill it.
  if (!context.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  const lease = await context.services.readers.everyRow(signal);
  const readers = { ...context.services.readers, ...lease.readers };
  const onExportThread: Context = { ...context, services: { ...context.services, readers } };
  const streamed = isStreamedRead(procedure, input);
  try {
    if (!streamed) return await callForJson(onExportThread, procedure, input, 'query');
    const body = await streamPages(onExportThread, procedure, input);
    body.once('close', lease.release);
    signal.addEventListener('abort', () => body.destroy(), { once: true });
    return body;
  } catch (error) {
    lease.release();
    throw error;
  } finally {
    if (!streamed) lease.release();
  }
}

/** Whether this REST read is answered by `streamPages`: a streamed report asked for all its rows. */
function isStreamedRead(procedure: ProcedurePath, input: unknown): input is Record<string, unknown> | undefined {
  if (!STREAMED.has(procedure)) return false;
  if (input === undefined) return true;
  return typeof input === 'object' && input !== null && !('limit' in input) && !('offset' in input);
}

/**
 * Every row of a paged report as one JSON array, read a page at a time through the procedure itself
 * (so access checks and validation are the procedure's own, on every page). The first page is read
 * before anything is sent, so a refused request still gets its 4xx; memory holds one page at a time.
 */
export async function streamPages(
  context: Context,
  procedure: ProcedurePath,
  input: Record<string, unknown> | undefined,
  pageSize = PAGE,
): Promise<Readable> {
  const page = async (offset: number) => {
    const rows = await callProcedure(context, procedure, { ...input, limit: pageSize, offset }, 'query');
    if (!Array.isArray(rows)) throw new Error(`${procedure} with a limit answers rows`);
    return rows;
  };
  const first = await page(0);
  async function* body() {
    yield '[';
    let rows = first;
    for (let offset = 0; ;) {
      if (rows.length) yield (offset ? ',' : '') + rows.map((r) => JSON.stringify(r)).join(',');
      if (rows.length < pageSize) break;
      offset += pageSize;
      rows = await page(offset);
    }
    yield ']';
  }
  return Readable.from(body(), { objectMode: false });
}
