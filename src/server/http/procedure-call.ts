import { callTRPCProcedure } from '@trpc/server';
import { appRouter, type ProcedurePath } from '../trpc/app-router';
import type { Context } from '../trpc/context';
import { JsonAnswer } from '../trpc/procedures';

/**
 * Calls a procedure by its dotted path, as tRPC's own HTTP handler does (access checks and input
 * validation included): the REST adapter's input is untrusted, so it goes in raw and the procedure parses it.
 */
export function callProcedure(context: Context, path: ProcedurePath, input: unknown, type: 'query' | 'mutation'): Promise<unknown> {
  return callTRPCProcedure({
    router: appRouter,
    path,
    ctx: context,
    type,
    getRawInput: async () => input,
    signal: undefined,
    batchIndex: 0,
  });
}

/**
 * Calls a procedure for a caller that sends the answer on as JSON text: a read's text is written in its
 * read's thread (decision 211), anything else's here.
 */
export async function callForJson(context: Context, path: ProcedurePath, input: unknown, type: 'query' | 'mutation'): Promise<string> {
  const answer = await callProcedure({ ...context, answer: 'json' }, path, input, type);
  return answer instanceof JsonAnswer ? answer.text : (JSON.stringify(answer) ?? 'null');
}
