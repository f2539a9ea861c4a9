import { Readable } from 'node:stream';
import type { ProcedurePath } from '../trpc/app-router';
import type { Context } from '../trpc/context';
import { callProcedure } from './procedure-call';

/** Reports whose REST answer without `limit` is every row: sent page by page, never built whole. */
const STREAMED = new Set<ProcedurePath>(['reports.highSc', 'reports.profitability', 'reports.participation']);
const PAGE = 1000;

/** Whether this REST read is answered by `streamPages`: a streamed report asked for all its rows. */
export function isStreamedRead(procedure: ProcedurePath, input: unknown): input is Record<string, unknown> | undefined {
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
