import { TRPCError } from '@trpc/server';
import { DomainError } from '../errors/domain-errors';
import type { ReadInput, ReadName, ReadOutput } from '../reads/read-queries';
import type { Context } from './context';
import { toTRPCError } from './errors';
import { t } from './init';

/** The only procedure builders routers may use. Each carries its access level in meta. */
export const router = t.router;

/**
 * Every procedure's first middleware: an error the domain threw (a repository's `notFound`, the ledger's
 * `fieldError`) leaves as the tRPC error its kind maps to (trpc/errors.ts), the one place that maps them.
 */
const base = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) throw toTRPCError(result.error.cause);
  return result;
});

export const publicProcedure = base.meta({ access: 'public' });

export const authedProcedure = base.meta({ access: 'authed' }).use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = base.meta({ access: 'admin' }).use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Admins only' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/**
 * A read procedure's resolver: the read of this name (reads/read-queries.ts) on the read pool, with the
 * parsed input, as in `authedProcedure.input(highScInput).query(read('reports.highSc'))`. A schema whose
 * output is not what the read takes fails the type check there.
 */
export const read =
  <N extends ReadName>(name: N) =>
  ({ ctx, input }: { ctx: Context; input: ReadInput<N> }): Promise<ReadOutput<N>> =>
    ctx.services.readers.run(name, input);
