import type { AppServices } from './context';

/**
 * Wraps a read resolver so its answer comes from the read cache until the next write. Access checks
 * run before the resolver, so a cached answer is only ever given to callers allowed to see it.
 */
export function cached<C extends { services: AppServices }, I, O>(name: string, resolve: (opts: { ctx: C; input: I }) => Promise<O>) {
  return (opts: { ctx: C; input: I }): Promise<O> =>
    opts.ctx.services.readCache.through(`${name}:${JSON.stringify(opts.input ?? null)}`, () => resolve(opts));
}
