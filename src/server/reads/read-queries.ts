import type { z } from 'zod';
import { HISTORY_PAGE_SIZE, RECENT_PANEL_FETCH_LIMIT } from '../../shared/constants';
import type { auditListInput } from '../../shared/schemas/audit';
import type { balanceBeforeInput, listLinksInput, reconciliationReportInput } from '../../shared/schemas/customer-casinos';
import type {
  highScInput,
  highScSummaryInput,
  participationInput,
  participationSummaryInput,
  profitabilityInput,
  profitabilitySummaryInput,
  transactionTypesReportInput,
} from '../../shared/schemas/reports';
import type { listTypesInput } from '../../shared/schemas/transaction-types';
import type {
  deletedListInput,
  listTransactionsInput,
  recentTransactionsInput,
  TransactionFilters,
  transactionIdInput,
} from '../../shared/schemas/transactions';
import { type HistorySortColumn, historySortProblem, NEWEST_FIRST, parseSort, type Sort, type SortText } from '../../shared/sorting';
import { fieldError } from '../errors/domain-errors';
import type { checkInBoardInput } from '../../shared/schemas/check-ins';
import type { listRedemptionsInput, payoutReportInput } from '../../shared/schemas/redemptions';
import type { Db } from '../db/types';
import { checkInBoard } from '../features/check-ins/check-ins.repository';
import { inTransit, listRedemptions, payoutReport } from '../features/redemptions/redemptions.repository';
import { listCasinos } from '../features/casinos/casinos.repository';
import { listAudit, transactionAudit } from '../features/audit/audit.repository';
import { listLinks, listLinksAsOf } from '../features/customer-casinos/customer-casinos.repository';
import { balanceBefore } from '../features/customer-casinos/balance-before';
import { listReconciliations, reconciliationReport } from '../features/customer-casinos/reconciliation.repository';
import type { listReconciliationsInput } from '../../shared/schemas/reconciliations';
import { listDeleted } from '../features/transactions/deleted-transactions.repository';
import { lastLedgerCheck, runLedgerCheck } from '../features/transactions/ledger-check';
import { listCustomers } from '../features/customers/customers.repository';
import { entriesByStaff, scByCasino, usdPerDay } from '../features/dashboard/dashboard.repository';
import {
  highSc,
  highScSummary,
  participation,
  participationSummary,
  profitability,
  profitabilitySummary,
  typeReportRows,
  typeReportSummary,
} from '../features/reports/reports.repository';
import { highScAsOf, highScSummaryAsOf } from '../features/reports/high-sc-as-of';
import { listTypes } from '../features/transaction-types/transaction-types.repository';
import { countTransactions, findTransaction, listTransactions } from '../features/transactions/transactions.repository';

/** A History sort the server can serve within its bounds (decision 044), or a 400 naming `sort`. */
function checkedSort(
  text: SortText<HistorySortColumn> | undefined,
  filters: TransactionFilters,
  matching: number,
): Sort<HistorySortColumn> {
  const sort = text ? parseSort(text) : NEWEST_FIRST;
  const problem = historySortProblem(sort, filters, matching);
  if (problem) throw fieldError('sort', problem);
  return sort;
}

/** What every read may need besides the database (the same on the main thread and in a worker). */
export interface ReadEnv {
  timeZone: string;
}

const DEFAULT_TYPE_REPORT_ROWS = 1000;

type In<S extends z.ZodType> = z.output<S>;

/**
 * Every read procedure's query, by name: the one list both the worker pool and the inline reader run
 * (docs/decisions/020). Inputs arrive validated (tRPC parsed them); answers are plain data, so they
 * cross a thread boundary unchanged.
 */
export const readQueries = {
  'transactions.recent': (db: Db, input: In<typeof recentTransactionsInput>, env: ReadEnv) =>
    listTransactions(db, {}, env.timeZone, input?.limit ?? RECENT_PANEL_FETCH_LIMIT),
  'transactions.list': async (db: Db, input: In<typeof listTransactionsInput>, env: ReadEnv) => {
    const { limit, offset, sort: sortText, ...filters } = input ?? {};
    const totalCount = await countTransactions(db, filters, env.timeZone);
    const sort = checkedSort(sortText, filters, totalCount);
    const transactions = await listTransactions(
      db,
      filters,
      env.timeZone,
      limit ?? HISTORY_PAGE_SIZE,
      offset ?? 0,
      totalCount,
      undefined,
      sort,
    );
    return { transactions, totalCount };
  },
  'transactions.get': (db: Db, input: In<typeof transactionIdInput>) => findTransaction(db, input.id),
  'customers.list': (db: Db) => listCustomers(db),
  'casinos.list': (db: Db) => listCasinos(db),
  'transactionTypes.list': (db: Db, input: In<typeof listTypesInput>) => listTypes(db, input?.casinoId),
  'customerCasinos.list': (db: Db, input: In<typeof listLinksInput>, env: ReadEnv) =>
    input?.asOf && input.customerId !== undefined
      ? listLinksAsOf(db, input.customerId, input.asOf, env.timeZone)
      : listLinks(db, input?.customerId),
  'customerCasinos.balanceBefore': (db: Db, input: In<typeof balanceBeforeInput>) => balanceBefore(db, input),
  'customerCasinos.reconciliationReport': (db: Db, input: In<typeof reconciliationReportInput>) => reconciliationReport(db, input),
  'customerCasinos.reconciliations': (db: Db, input: In<typeof listReconciliationsInput>) => listReconciliations(db, input),
  'transactions.audit': (db: Db, input: In<typeof transactionIdInput>) => transactionAudit(db, input.id),
  'transactions.deleted': (db: Db, input: In<typeof deletedListInput>) =>
    listDeleted(db, input?.limit ?? HISTORY_PAGE_SIZE, input?.offset ?? 0),
  'audit.list': (db: Db, input: In<typeof auditListInput>, env: ReadEnv) => listAudit(db, input, env.timeZone),
  'admin.ledgerCheck': (db: Db) => runLedgerCheck(db),
  'admin.lastLedgerCheck': (db: Db) => lastLedgerCheck(db),
  'dashboard.usdPerDay': (db: Db, _input: undefined, env: ReadEnv) => usdPerDay(db, env.timeZone),
  'dashboard.scByCasino': (db: Db) => scByCasino(db),
  'dashboard.entriesByStaff': (db: Db, _input: undefined, env: ReadEnv) => entriesByStaff(db, env.timeZone),
  'reports.highSc': (db: Db, input: In<typeof highScInput>, env: ReadEnv) =>
    input.asOf ? highScAsOf(db, input.threshold, input.asOf, env.timeZone, input) : highSc(db, input.threshold, input),
  'reports.highScSummary': (db: Db, input: In<typeof highScSummaryInput>, env: ReadEnv) =>
    input.asOf ? highScSummaryAsOf(db, input.threshold, input.asOf, env.timeZone) : highScSummary(db, input.threshold),
  'reports.profitability': (db: Db, input: In<typeof profitabilityInput>, env: ReadEnv) => profitability(db, input ?? {}, env.timeZone),
  'reports.profitabilitySummary': (db: Db, input: In<typeof profitabilitySummaryInput>, env: ReadEnv) =>
    profitabilitySummary(db, input ?? {}, env.timeZone),
  'reports.participation': (db: Db, input: In<typeof participationInput>) => participation(db, input.masterUserId, input, input.sort),
  'reports.participationSummary': (db: Db, input: In<typeof participationSummaryInput>) => participationSummary(db, input.masterUserId),
  'reports.transactionTypes': async (db: Db, input: In<typeof transactionTypesReportInput>, env: ReadEnv) => {
    const { limit, sort: sortText, ...filters } = input ?? {};
    const sort = sortText ? checkedSort(sortText, filters, await countTransactions(db, filters, env.timeZone)) : undefined;
    return typeReportRows(db, filters, env.timeZone, limit ?? DEFAULT_TYPE_REPORT_ROWS, sort);
  },
  'redemptions.list': (db: Db, input: In<typeof listRedemptionsInput>, env: ReadEnv) => listRedemptions(db, input ?? {}, env.timeZone),
  'redemptions.inTransit': (db: Db) => inTransit(db),
  'redemptions.report': (db: Db, input: In<typeof payoutReportInput>, env: ReadEnv) => payoutReport(db, env.timeZone, input?.casinoId),
  'checkIns.board': (db: Db, input: In<typeof checkInBoardInput>, env: ReadEnv) => checkInBoard(db, input ?? {}, env.timeZone),
  'reports.transactionTypesSummary': (db: Db, input: In<typeof transactionTypesReportInput>, env: ReadEnv) => {
    const { limit: _limit, sort: _sort, ...filters } = input ?? {};
    return typeReportSummary(db, filters, env.timeZone);
  },
};

export type ReadQueries = typeof readQueries;
export type ReadName = keyof ReadQueries;
export type ReadInput<N extends ReadName> = Parameters<ReadQueries[N]>[1];
export type ReadOutput<N extends ReadName> = Awaited<ReturnType<ReadQueries[N]>>;

type ReadTable = { [N in ReadName]: (db: Db, input: ReadInput<N>, env: ReadEnv) => Promise<ReadOutput<N>> };
const table: ReadTable = readQueries;

/** Runs one named read; the same function behind the inline reader and the worker. */
export function runRead<N extends ReadName>(db: Db, name: N, input: ReadInput<N>, env: ReadEnv): Promise<ReadOutput<N>> {
  return table[name](db, input, env);
}
