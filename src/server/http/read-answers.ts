import { callTRPCProcedure } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appRouter } from '../trpc/app-router';
import type { Context } from '../trpc/context';
import { isReadProcedure, JsonAnswer } from '../trpc/procedures';

const PREFIX = '/trpc/';
/** The route tRPC's Fastify adapter answers on (its prefix and the procedure path). */
const TRPC_ROUTE = '/trpc/:path';

interface ReadCall {
  path: string;
  input: unknown;
}

const isRead = (path: string) => {
  const procedures: Record<string, unknown> = appRouter._def.procedures;
  return Object.hasOwn(procedures, path) && isReadProcedure(procedures[path]);
};

/**
 * The reads a GET asks for, as tRPC's HTTP format has them: one procedure and its `input`, or a batch
 * (`batch=1`, paths joined by commas, `input` an object by position). Null when any call is not a read or
 * the input is not JSON: tRPC's handler answers those.
 */
function readCalls(url: string): { calls: ReadCall[]; batch: boolean } | null {
  const query = url.indexOf('?');
  let paths: string[];
  let input: unknown;
  const params = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
  try {
    paths = decodeURIComponent(url.slice(PREFIX.length, query < 0 ? undefined : query)).split(',');
    const raw = params.get('input');
    input = raw === null ? undefined : JSON.parse(raw);
  } catch {
    return null;
  }
  if (!paths.every(isRead)) return null;
  const batch = params.get('batch') === '1';
  if (!batch && (params.has('batch') || paths.length > 1)) return null;
  if (!batch) return { calls: [{ path: paths[0], input }], batch };
  // A batch's input is an object by position (tRPC refuses anything else: its handler answers that).
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) return null;
  const byPosition: Record<string, unknown> = { ...input };
  return { calls: paths.map((path, i) => ({ path, input: byPosition[String(i)] })), batch };
}

/**
 * Screens' reads (GET /trpc/{read}?input=..., alone or in a batch of reads) are answered here with the
 * JSON text each read's thread wrote, in tRPC's envelope, instead of by tRPC's own handler, which took every
 * answer back as objects on the main thread and serialised it there again (decision 211). Each procedure
 * runs through tRPC all the same (callTRPCProcedure: its middlewares, access checks and input validation).
 * Anything else, and any request with a call that fails, goes on to tRPC's handler, which answers as it
 * always has: the calls are made again there, so errors, statuses and log lines are tRPC's own.
 */
export function registerReadAnswers(app: FastifyInstance, createContext: (opts: { req: FastifyRequest }) => Promise<Context>): void {
  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'GET' || req.routeOptions.url !== TRPC_ROUTE) return;
    // A client that asks for tRPC's streamed answers (JSON lines) gets them from tRPC.
    if (req.headers['trpc-accept'] !== undefined || /\bapplication\/jsonl\b/.test(req.headers.accept ?? '')) return;
    const asked = readCalls(req.url);
    if (!asked) return;
    let ctx: Context;
    try {
      ctx = { ...(await createContext({ req })), answer: 'json' };
    } catch {
      return;
    }
    // Every call settles before the request goes on to tRPC's handler, so a failing batch is never read twice at once.
    const answers = await Promise.allSettled(
      asked.calls.map((call, batchIndex) =>
        callTRPCProcedure({
          router: appRouter,
          path: call.path,
          ctx,
          type: 'query',
          getRawInput: async () => call.input,
          signal: undefined,
          batchIndex,
        }),
      ),
    );
    const texts: string[] = [];
    for (const answer of answers) {
      if (answer.status === 'rejected' || !(answer.value instanceof JsonAnswer)) return;
      texts.push(`{"result":{"data":${answer.value.text}}}`);
    }
    return reply
      .header('content-type', 'application/json')
      .header('vary', 'trpc-accept, accept')
      .send(asked.batch ? `[${texts.join(',')}]` : texts[0]);
  });
}
