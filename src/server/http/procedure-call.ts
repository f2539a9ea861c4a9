import { appRouter } from '../trpc/app-router';
import { RawJson } from '../db/read-cache';
import type { Context } from '../trpc/context';

type AnyCall = (input: unknown) => Promise<unknown>;

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;

/** Whether `path` names a query procedure of the app router. */
export const isQuery = (path: string) => Object.hasOwn(procedures, path) && procedures[path]._def.type === 'query';

/** Calls a procedure by its dotted path through a server-side caller (access checks and input validation included). */
export function callProcedure(context: Context, dotted: string, input: unknown): Promise<unknown> {
  let target = appRouter.createCaller(context) as unknown as Record<string, unknown>;
  const parts = dotted.split('.');
  for (const part of parts.slice(0, -1)) target = target[part] as Record<string, unknown>;
  return (target[parts[parts.length - 1]] as AnyCall)(input);
}

/**
 * Calls a procedure for a caller that sends the answer on as JSON: a cached read then comes as the
 * cache's bytes. Returns the JSON (bytes or text).
 */
export async function callForJson(context: Context, dotted: string, input: unknown): Promise<Buffer | string> {
  const result = await callProcedure({ ...context, wantsJson: true }, dotted, input);
  return result instanceof RawJson ? result.json : (JSON.stringify(result) ?? 'null');
}
