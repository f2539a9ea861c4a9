import { appRouter } from '../trpc/app-router';
import type { Context } from '../trpc/context';

type AnyCall = (input: unknown) => Promise<unknown>;

/** Calls a procedure by its dotted path through a server-side caller (access checks and input validation included). */
export function callProcedure(context: Context, dotted: string, input: unknown): Promise<unknown> {
  let target = appRouter.createCaller(context) as unknown as Record<string, unknown>;
  const parts = dotted.split('.');
  for (const part of parts.slice(0, -1)) target = target[part] as Record<string, unknown>;
  return (target[parts[parts.length - 1]] as AnyCall)(input);
}

/** Calls a procedure for a caller that sends the answer on as JSON text. */
export async function callForJson(context: Context, dotted: string, input: unknown): Promise<string> {
  return JSON.stringify(await callProcedure(context, dotted, input)) ?? 'null';
}
