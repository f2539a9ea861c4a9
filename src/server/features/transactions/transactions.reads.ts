import { z } from 'zod';
import { deletedTransactionsPage, transactionView, transactionsPage } from '../../../shared/schemas/transactions';
import { HISTORY_PAGE_SIZE, RECENT_PANEL_FETCH_LIMIT } from '../../../shared/constants';
import { deletedListInput, listTransactionsInput, recentTransactionsInput, transactionIdInput } from '../../../shared/schemas/transactions';
import { declareRead } from '../../reads/read-declaration';
import { listDeleted } from './deleted-transactions.repository';
import { countTransactions, findTransaction, listTransactions, servableSort } from './transactions.repository';

/** The transactions' reads (docs/decisions/020): History, the Recent panel, one row, the deleted list. */
export const transactionReads = {
  'transactions.recent': declareRead({
    output: z.array(transactionView),
    input: recentTransactionsInput,
    run: (db, input, env) => listTransactions(db, { filters: {}, timeZone: env.timeZone, limit: input?.limit ?? RECENT_PANEL_FETCH_LIMIT }),
  }),
  'transactions.list': declareRead({
    output: transactionsPage,
    input: listTransactionsInput,
    run: async (db, input, env) => {
      const { limit, offset, sort: sortText, ...filters } = input ?? {};
      const totalCount = await countTransactions(db, filters, env.timeZone);
      const sort = servableSort(sortText, filters, totalCount);
      const transactions = await listTransactions(db, {
        filters,
        timeZone: env.timeZone,
        limit: limit ?? HISTORY_PAGE_SIZE,
        offset: offset ?? 0,
        totalCount,
        sort,
      });
      return { transactions, totalCount };
    },
  }),
  'transactions.get': declareRead({ input: transactionIdInput, run: (db, input) => findTransaction(db, input.id) }),
  'transactions.deleted': declareRead({
    output: deletedTransactionsPage,
    input: deletedListInput,
    run: (db, input) => listDeleted(db, input?.limit ?? HISTORY_PAGE_SIZE, input?.offset ?? 0),
  }),
};
