import { id as idSchema } from '../../shared/schemas/common';
import type { Db } from '../db/types';
import type { ProcedurePath, RouterOutputs } from '../trpc/app-router';
import type { ChangeParts } from './change-hub';

/** A procedure's answer by its dotted path ("transactions.create"). */
type OutputAt<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? OutputAt<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/** A mutation's input as it arrived (tRPC or REST); read only once the procedure accepted it. */
type RawInput = Record<string, unknown>;

/** What a write's event needs to know from before the write: the pair a transaction was on, a replayed key. */
interface Before {
  pair?: { customerId: number; casinoId: number };
  casinoId?: number;
  repeated?: boolean;
}

/** One mutation's event: read before the write when the answer will not tell, then named from the answer. */
interface Declaration<P extends ProcedurePath> {
  before?(db: Db, input: RawInput): Promise<Before>;
  event(input: RawInput, output: OutputAt<RouterOutputs, P>, before: Before): ChangeParts | null;
}

/** An id of the raw input (a REST path gives it as text), already checked by the procedure's schema. */
const idOf = (input: RawInput, key: string): number | undefined => {
  const parsed = idSchema.safeParse(input[key]);
  return parsed.success ? parsed.data : undefined;
};

const pairOf = async (db: Db, input: RawInput): Promise<Before> => {
  const id = idOf(input, 'id');
  const row =
    id === undefined
      ? undefined
      : await db.selectFrom('transactions').select(['customerId', 'casinoId']).where('id', '=', id).executeTakeFirst();
  return row ? { pair: row } : {};
};

/** Both pairs of a write that may move a transaction, when it moved. */
const movedFrom = (before: Before, after: { customerId: number; casinoId: number }) =>
  before.pair && (before.pair.customerId !== after.customerId || before.pair.casinoId !== after.casinoId)
    ? {
        customerIds: [...new Set([before.pair.customerId, after.customerId])],
        casinoIds: [...new Set([before.pair.casinoId, after.casinoId])],
      }
    : {};

const userChanged = (input: RawInput): ChangeParts => ({ kind: 'user.changed', subjectUserId: idOf(input, 'id') });

/**
 * Which event each mutation emits once it has committed (decision 150): the one place a write names its
 * change. A mutation not listed changes nothing the screens show (sign-ins, API tokens, reset links).
 * Imports emit theirs when their job commits (import.routes.ts).
 */
export const MUTATION_EVENTS: { [P in ProcedurePath]?: Declaration<P> } = {
  'transactions.create': {
    // A retry with an idempotency key already used records nothing new: no event.
    async before(db, input) {
      const key = typeof input.idempotencyKey === 'string' ? input.idempotencyKey.trim() : undefined;
      const seen = key ? await db.selectFrom('idempotencyKeys').select('key').where('key', '=', key).executeTakeFirst() : undefined;
      return { repeated: seen !== undefined };
    },
    event: (_input, t, before) =>
      before.repeated ? null : { kind: 'transaction.created', transactionId: t.id, customerId: t.customerId, casinoId: t.casinoId },
  },
  'transactions.update': {
    before: pairOf,
    event: (_input, t, before) => ({
      kind: 'transaction.updated',
      transactionId: t.id,
      customerId: t.customerId,
      casinoId: t.casinoId,
      ...movedFrom(before, t),
    }),
  },
  'transactions.delete': {
    before: pairOf,
    event: (_input, t, before) => ({ kind: 'transaction.deleted', transactionId: t.id, ...before.pair }),
  },
  'transactions.restore': {
    event: (_input, t) => ({ kind: 'transaction.restored', transactionId: t.id, customerId: t.customerId, casinoId: t.casinoId }),
  },
  'redemptions.request': { event: (_input, r) => redemptionChanged(r) },
  'redemptions.receive': { event: (_input, r) => redemptionChanged(r) },
  'redemptions.reject': { event: (_input, r) => redemptionChanged(r) },
  'redemptions.cancel': { event: (_input, r) => redemptionChanged(r) },
  'checkIns.record': {
    event: (input, c) => ({
      kind: 'checkIn.recorded',
      transactionId: c.transactionId,
      customerId: idOf(input, 'customerId'),
      casinoId: idOf(input, 'casinoId'),
    }),
  },
  'customerCasinos.reconcile': {
    event: (input, r) => ({
      kind: 'reconciliation.recorded',
      customerId: idOf(input, 'customerId'),
      casinoId: idOf(input, 'casinoId'),
      ...(r.adjustment ? { transactionId: r.adjustment.id } : {}),
    }),
  },
  'customerCasinos.set': { event: (_input, l) => ({ kind: 'link.changed', customerId: l.customerId, casinoId: l.casinoId }) },
  'customerCasinos.createMissing': {
    event: (input, r) => (r.created === 0 ? null : { kind: 'link.changed', customerId: idOf(input, 'customerId') }),
  },
  'customers.create': { event: (_input, c) => ({ kind: 'customer.changed', customerId: c.id }) },
  'customers.update': { event: (_input, c) => ({ kind: 'customer.changed', customerId: c.id }) },
  'casinos.create': { event: (_input, c) => ({ kind: 'casino.changed', casinoId: c.id }) },
  'casinos.update': { event: (_input, c) => ({ kind: 'casino.changed', casinoId: c.id }) },
  'casinos.copyTypes': {
    event: (input, r) => (r.created.length === 0 ? null : { kind: 'transactionType.changed', casinoId: idOf(input, 'id') }),
  },
  'transactionTypes.create': {
    event: (_input, t) => ({ kind: 'transactionType.changed', transactionTypeId: t.id, casinoId: t.casinoId }),
  },
  'transactionTypes.rename': {
    event: (_input, t) => ({ kind: 'transactionType.changed', transactionTypeId: t.id, casinoId: t.casinoId }),
  },
  'transactionTypes.delete': {
    async before(db, input) {
      const id = idOf(input, 'id');
      const type =
        id === undefined ? undefined : await db.selectFrom('transactionTypes').select('casinoId').where('id', '=', id).executeTakeFirst();
      return type ? { casinoId: type.casinoId } : {};
    },
    event: (_input, t, before) => ({ kind: 'transactionType.changed', transactionTypeId: t.id, casinoId: before.casinoId }),
  },
  'users.create': { event: (_input, u) => ({ kind: 'user.changed', subjectUserId: u.id }) },
  'users.changeRole': { event: userChanged },
  'users.setStatus': { event: userChanged },
  'users.disableTwoFactor': { event: userChanged },
  'auth.twoFactor.enable': { event: () => ({ kind: 'user.changed' }) },
  'auth.twoFactor.disable': { event: () => ({ kind: 'user.changed' }) },
  'books.close': { event: () => ({ kind: 'books.changed' }) },
  'books.reopen': { event: () => ({ kind: 'books.changed' }) },
  'notes.addToCustomer': { event: (input) => ({ kind: 'note.changed', customerId: idOf(input, 'id') }) },
  'notes.addToCasino': { event: (input) => ({ kind: 'note.changed', casinoId: idOf(input, 'id') }) },
  'notes.delete': { event: () => ({ kind: 'note.changed' }) },
  'attachments.delete': { event: () => ({ kind: 'attachment.changed' }) },
};

function redemptionChanged(r: { id: number; customerId: number; casinoId: number }): ChangeParts {
  return { kind: 'redemption.changed', redemptionId: r.id, customerId: r.customerId, casinoId: r.casinoId };
}

/**
 * Mutations after which open streams check that their sign-in still holds: a sign-out, a password change
 * or reset, a role change, a deactivation or an admin's "end sessions" ends the streams it signed in.
 */
const ENDS_SIGN_INS = /^(auth|users)\./;

/** What the one middleware does around a mutation (trpc/procedures.ts): reads before, emits after commit. */
export interface MutationWatch {
  /** Called once the mutation answered: its writes are committed. */
  committed(output: unknown): void;
}

type AnyDeclaration = {
  before?(db: Db, input: RawInput): Promise<Before>;
  event(input: RawInput, output: unknown, before: Before): ChangeParts | null;
};

/** The declaration of a path, seen through what every declaration has in common. */
function declared(path: string): AnyDeclaration | undefined {
  const table: Partial<Record<string, AnyDeclaration>> = MUTATION_EVENTS;
  return table[path];
}

export async function watchMutation(
  path: string,
  rawInput: unknown,
  db: Db,
  sink: { emit(parts: ChangeParts, userId: number | null): void; recheck(): Promise<void> },
  userId: number | null,
): Promise<MutationWatch | undefined> {
  const declaration = declared(path);
  const rechecks = ENDS_SIGN_INS.test(path);
  if (!declaration && !rechecks) return undefined;
  const input: RawInput = typeof rawInput === 'object' && rawInput !== null ? { ...rawInput } : {};
  // What the event needs from before the write is a hint for the screens; failing to read it never refuses the write.
  const before = declaration?.before ? await declaration.before(db, input).catch(() => ({})) : {};
  return {
    committed(output) {
      const parts = declaration?.event(input, output, before);
      if (parts)
        sink.emit(
          parts.kind === 'user.changed' && parts.subjectUserId === undefined ? { ...parts, subjectUserId: userId ?? undefined } : parts,
          userId,
        );
      if (rechecks) void sink.recheck();
    },
  };
}
