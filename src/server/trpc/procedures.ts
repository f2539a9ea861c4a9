import { TRPCError, type TRPCQueryProcedure } from '@trpc/server';
import { DomainError } from '../errors/domain-errors';
import type { z } from 'zod';
import type { BareRead, InputRead, ReadDeclaration } from '../reads/read-declaration';
import type { Context } from './context';
import { toTRPCError } from './errors';
import { type Meta, t } from './init';
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

/** A read's answer as JSON text, for a context that asks for it (`answer: 'json'`). */
export class JsonAnswer {
  constructor(readonly text: string) {}
}

/** The procedures readQuery built: the ones http/read-answers.ts may answer with their JSON text. */
const readProcedures = new WeakSet<object>();

/** Whether `procedure` is a read built by readQuery. */
export const isReadProcedure = (procedure: unknown): boolean => typeof procedure === 'function' && readProcedures.has(procedure);

/** The builders a read procedure starts from (admins' reads add a check that leaves the types as they are). */
type ReadBuilder = typeof authedProcedure;

/** A read's query procedure as the router and the client see it: its input as sent, its answer. */
type ReadProcedure<In, R> = TRPCQueryProcedure<{ input: In; output: R; meta: Meta; errorShape: typeof t._config.$types.errorShape }>;

/**
 * A read procedure built from its declaration (a feature's *.reads.ts): its input schema, its output
 * schema when declared (`.output()`), and a resolver that runs the read on the pool the declaration
 * names, as in `readQuery(authedProcedure, reportReads['reports.highSc'])`.
 */
export function readQuery<S extends z.ZodType, R>(builder: ReadBuilder, read: InputRead<S, R>): ReadProcedure<z.input<S>, R>;
export function readQuery<R>(builder: ReadBuilder, read: BareRead<R>): ReadProcedure<void, R>;
export function readQuery(builder: ReadBuilder, read: ReadDeclaration): ReadProcedure<unknown, unknown> {
  const resolve = async ({ ctx, input }: { ctx: Context; input: unknown }) =>
    ctx.answer === 'json' ? new JsonAnswer(await ctx.services.readers.readJson(read, input)) : ctx.services.readers.read(read, input);
  const meta = builder._def.meta;
  if (!meta) throw new Error('A read is built on one of the builders above, which carry its access');
  const described = read.output ? builder.meta({ ...meta, answer: read.output }) : builder;
  const procedure = read.input ? described.input(read.input).query(resolve) : described.query(resolve);
  readProcedures.add(procedure);
  return procedure;
}
