import crypto from 'node:crypto';
import { z } from 'zod';
import { auditEntryView } from '../../../shared/schemas/audit';
import {
  createTransactionInput,
  deletedIdView,
  transactionIdInput,
  transactionView,
  updateTransactionInput,
} from '../../../shared/schemas/transactions';
import { forbidden, notFound } from '../../errors/domain-errors';
import { adminProcedure, authedProcedure, readQuery, router } from '../../trpc/procedures';
import { transactionReads } from './transactions.reads';
import { createEntry, deleteEntry, editEntry, restoreEntry } from './ledger';
import { getTransaction } from './transactions.repository';
import { checkVersion, expectedVersion } from '../audit/record-versions';

const digest = (value: unknown) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');

export const transactionsRouter = router({
  /** A page of matching rows with their count, { transactions, totalCount } (History, the Recent panel). */
  list: readQuery(authedProcedure, transactionReads['transactions.list']),

  /** The newest rows as a bare array (Dashboard). REST's GET /api/transactions with `limit` alone answers this (design.md section 4). */
  recent: readQuery(authedProcedure, transactionReads['transactions.recent']),

  get: authedProcedure
    .input(transactionIdInput)
    .output(transactionView)
    .query(async ({ ctx, input }) => {
      const found = await ctx.services.readers.run('transactions.get', input);
      if (!found) throw notFound('Transaction not found');
      return found;
    }),

  create: authedProcedure
    .input(createTransactionInput)
    .output(transactionView)
    .mutation(async ({ ctx, input }) => {
      const { idempotencyKey, ...fields } = input;
      const idem = idempotencyKey ? { key: idempotencyKey, requestHash: digest(fields) } : undefined;
      const id = await createEntry(ctx.db, fields, { userId: ctx.user.id, idempotency: idem });
      return getTransaction(ctx.db, id);
    }),

  update: authedProcedure
    .input(updateTransactionInput)
    .output(transactionView)
    .mutation(async ({ ctx, input }) => {
      const { id, version, ...fields } = input;
      const expected = expectedVersion(version, ctx);
      await editEntry(ctx.db, id, fields, {
        userId: ctx.user.id,
        check: (old, sqlite) => checkVersion(sqlite, { entity: 'transaction', id }, old.version, expected),
      });
      return getTransaction(ctx.db, id);
    }),

  delete: authedProcedure
    .input(transactionIdInput)
    .output(deletedIdView)
    .mutation(async ({ ctx, input }) => {
      await deleteEntry(ctx.db, input.id, ctx.user.id);
      return { id: input.id };
    }),

  /** Puts a deleted transaction back (admin, or the user who deleted it within 10 minutes). */
  restore: authedProcedure
    .input(transactionIdInput)
    .output(transactionView)
    .mutation(async ({ ctx, input }) => {
      await restoreEntry(ctx.db, input.id, ctx.user);
      return getTransaction(ctx.db, input.id);
    }),

  /** Deleted transactions, newest deletion first (admin). */
  deleted: readQuery(adminProcedure, transactionReads['transactions.deleted']),

  /**
   * Who changed this transaction, and how, oldest first. A deleted transaction's history (its values,
   * who deleted it) is for admins only, as the deleted list is: staff get a 403 for it, a 404 for an id
   * that never was a transaction.
   */
  audit: authedProcedure
    .input(transactionIdInput)
    .output(z.array(auditEntryView))
    .query(async ({ ctx, input }) => {
      const readers = ctx.services.readers;
      if (ctx.user.role === 'admin') return readers.run('transactions.audit', input);
      const [entries, found] = await Promise.all([readers.run('transactions.audit', input), readers.run('transactions.get', input)]);
      if (found) return entries;
      if (entries.length > 0) throw forbidden('Only an admin can see the history of a deleted transaction');
      throw notFound('Transaction not found');
    }),
});
