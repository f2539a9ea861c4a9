import type { AppServices } from './context';

/**
 * Wraps a read resolver so its answer comes from the read cache until the next write. Access checks
 * run before the resolver, so a cached answer is only ever given to callers allowed to see it.
 */
export function cached<C extends { services: AppServices; wantsJson?: boolean }, I, O>(name: string, resolve: (opts: { ctx: C; input: I }) => Promise<O>) {
  // For a caller that asked for JSON the answer is a RawJson (see procedure-call.ts); typed as O for tRPC.
  return (opts: { ctx: C; input: I }): Promise<O> =>
    opts.ctx.services.readCache.through(`${name}:${JSON.stringify(opts.input ?? null)}`, () => resolve(opts), opts.ctx.wantsJson) as Promise<O>;
}
