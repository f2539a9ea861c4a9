import { TRPCError } from '@trpc/server';
import { t } from './init';

/** The only procedure builders routers may use. Each carries its access level in meta. */
export const router = t.router;

export const publicProcedure = t.procedure.meta({ access: 'public' });

export const authedProcedure = t.procedure.meta({ access: 'authed' }).use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = t.procedure.meta({ access: 'admin' }).use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Admins only' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});
