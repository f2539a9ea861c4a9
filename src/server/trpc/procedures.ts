import { TRPCError } from '@trpc/server';
import { DomainError } from '../errors/domain-errors';
import type { ReadInput, ReadName, ReadOutput } from '../reads/read-queries';
import type { Context } from './context';
import { toTRPCError } from './errors';
import { t } from './init';
import { NO_TOKENS, READ_ONLY_TOKEN, SETUP_FIRST } from './access-messages';
import { watchMutation } from '../changes/mutation-events';

/** The only procedure builders routers may use. Each carries its access level in meta. */
export const router = t.router;

/**
 * Every procedure's first middleware: an error the domain threw (a repository's `notFound`, the ledger's
 * `fieldError`) leaves as the tRPC error its kind maps to (trpc/errors.ts), the one place that maps them.
 * A mutation that answered has committed: its change goes to the change stream then, and only then
 * (changes/mutation-events.ts names each mutation's event; decision 150).
 */
const base = t.procedure.use(async ({ ctx, path, type, getRawInput, next }) => {
  const watch =
    type === 'mutation'
      ? await watchMutation(path, await getRawInput().catch(() => undefined), ctx.db, ctx.services.changes, ctx.user?.id ?? null)
      : undefined;
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) throw toTRPCError(result.error.cause);
  if (result.ok) watch?.committed(result.data);
  return result;
});

export const publicProcedure = base.meta({ access: 'public' });

const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });

/**
 * A signed-in caller. `holds` names what else the credential must be: any full access (`app`: a session
 * past its setup, or an API token, read-only ones only for queries), a session past its setup
 * (`account`), or any session, even one held to setting up its second step (`setup`).
 */
const signedIn = (holds: 'app' | 'account' | 'setup') =>
  t.middleware(({ ctx, type, next }) => {
    if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    const via = ctx.auth?.via;
    if (via?.kind === 'token') {
      if (holds !== 'app') throw forbidden(NO_TOKENS);
      if (type === 'mutation' && via.scope === 'read') throw forbidden(READ_ONLY_TOKEN);
    } else if (via?.setupOnly && holds !== 'setup') throw forbidden(SETUP_FIRST);
    return next({ ctx: { ...ctx, user: ctx.user } });
  });

const adminOnly = t.middleware(({ ctx, next }) => {
  if (ctx.user?.role !== 'admin') throw forbidden('Admins only');
  return next();
});

export const authedProcedure = base.meta({ access: 'authed' }).use(signedIn('app'));
export const adminProcedure = base.meta({ access: 'admin' }).use(signedIn('app')).use(adminOnly);
/** The caller's own account (sessions, password, second step, API tokens): sessions only. */
export const accountProcedure = base.meta({ access: 'authed' }).use(signedIn('account'));
/** Signing out and setting up the second step: open to a sign-in held to that setup. */
export const setupProcedure = base.meta({ access: 'authed' }).use(signedIn('setup'));
/** Managing users: admins signed in with a session, never an API token. */
export const userAdminProcedure = base.meta({ access: 'admin' }).use(signedIn('account')).use(adminOnly);

/**
 * A read procedure's resolver: the read of this name (reads/read-queries.ts) on the read pool, with the
 * parsed input, as in `authedProcedure.input(highScInput).query(read('reports.highSc'))`. A schema whose
 * output is not what the read takes fails the type check there.
 */
export const read =
  <N extends ReadName>(name: N) =>
  ({ ctx, input }: { ctx: Context; input: ReadInput<N> }): Promise<ReadOutput<N>> =>
    ctx.services.readers.run(name, input);
