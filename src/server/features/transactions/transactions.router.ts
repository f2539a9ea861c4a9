import crypto from 'node:crypto';
import { HISTORY_PAGE_SIZE, RECENT_PANEL_FETCH_LIMIT } from '../../../shared/constants';
import {
  createTransactionInput,
  deletedListInput,
  listTransactionsInput,
  transactionIdInput,
  updateTransactionInput,
} from '../../../shared/schemas/transactions';
import { adminProcedure, authedProcedure, router } from '../../trpc/procedures';
import { transactionAudit } from '../audit/audit.repository';
import { listDeleted } from './deleted-transactions.repository';
import { createEntry, deleteEntry, editEntry, restoreEntry } from './ledger';
import { countTransactions, getTransaction, listTransactions } from './transactions.repository';
import { cached } from '../../trpc/cached';

const digest = (value: unknown) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');

export const transactionsRouter = router({
  /**
   * design.md section 4: with only `limit` (or nothing) a bare array, newest first; with any filter
   * or an offset, { transactions, totalCount }.
   */
  list: authedProcedure.input(listTransactionsInput).query(cached('transactions.list', async ({ ctx, input }) => {
    const { limit, offset, ...filters } = input ?? {};
    const tz = ctx.services.config.timeZone;
    const paged = offset !== undefined || Object.values(filters).some((v) => v !== undefined);
    if (!paged) return listTransactions(ctx.db, {}, tz, limit ?? RECENT_PANEL_FETCH_LIMIT);
    const [transactions, totalCount] = await Promise.all([
      listTransactions(ctx.db, filters, tz, limit ?? HISTORY_PAGE_SIZE, offset ?? 0),
      countTransactions(ctx.db, filters, tz),
    ]);
    return { transactions, totalCount };
  })),

  get: authedProcedure.input(transactionIdInput).query(cached('transactions.get', ({ ctx, input }) => getTransaction(ctx.db, input.id))),

  create: authedProcedure.input(createTransactionInput).mutation(async ({ ctx, input }) => {
    const { idempotencyKey, ...fields } = input;
    const idem = idempotencyKey ? { key: idempotencyKey, requestHash: digest(fields) } : undefined;
    const id = await createEntry(ctx.db, fields, ctx.user.id, idem);
    return getTransaction(ctx.db, id);
  }),

  update: authedProcedure.input(updateTransactionInput).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    await editEntry(ctx.db, id, fields, ctx.user.id);
    return getTransaction(ctx.db, id);
  }),

  delete: authedProcedure.input(transactionIdInput).mutation(async ({ ctx, input }) => {
    await deleteEntry(ctx.db, input.id, ctx.user.id);
    return { id: input.id };
  }),

  /** Puts a deleted transaction back (admin, or the user who deleted it within 10 minutes). */
  restore: authedProcedure.input(transactionIdInput).mutation(async ({ ctx, input }) => {
    await restoreEntry(ctx.db, input.id, ctx.user);
    return getTransaction(ctx.db, input.id);
  }),

  /** Deleted transactions, newest deletion first (admin). */
  deleted: adminProcedure.input(deletedListInput).query(({ ctx, input }) => listDeleted(ctx.db, input?.limit ?? HISTORY_PAGE_SIZE, input?.offset ?? 0)),

  /** Who changed this transaction, and how, oldest first. */
  audit: authedProcedure.input(transactionIdInput).query(({ ctx, input }) => transactionAudit(ctx.db, input.id)),
});
