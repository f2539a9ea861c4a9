import { avgPerTransaction, highScUsdHundredths, participationRate, profitStatus } from '../../../shared/ledger';
import { toHundredths } from '../../../shared/money';
import type { z } from 'zod';
import type {
  highScSummaryInput,
  participationInput,
  profitabilitySummaryInput,
  transactionTypesReportInput,
} from '../../../shared/schemas/reports';
import type { TransactionFilters } from '../../../shared/schemas/transactions';
import type { auditExportInput } from '../../../shared/schemas/audit';
import type { reconciliationExportInput } from '../../../shared/schemas/customer-casinos';
import type { payoutReportInput } from '../../../shared/schemas/redemptions';
import { payoutReport } from '../redemptions/redemptions.repository';
import { listAudit } from '../audit/audit.repository';
import { reconciliationReport } from '../customer-casinos/reconciliation.repository';
import type { Db } from '../../db/types';
import { highScAsOf } from '../reports/high-sc-as-of';
import { highSc, participation, profitability, typeReportSummary } from '../reports/reports.repository';
import { round4, type TransactionKey, transactionBatch } from '../transactions/transactions.repository';
import { nameOrEmail } from '../../../shared/names';

/**
 * A value Excel gets as a number or a calendar date (written as is, with the column's format) and CSV as
 * this text: a percentage (0.667 / "66.7%"), a day (2026-03-01 / "2026-03-01").
 */
export interface Formatted {
  excel: number | Date;
  text: string;
}
/** A cell as written: text, a number, an instant (a real Excel date; local text in CSV) or a formatted value. */
export type Cell = string | number | Date | Formatted | null;

const percent = (text: string): Formatted => ({ excel: Number(text.slice(0, -1)) / 100, text });
/** A filter's day as a real date, or 'All' when unset (spec 9). */
const dayOrAll = (day?: string): Cell => (day ? { excel: new Date(`${day}T00:00:00.000Z`), text: day } : 'All');

export interface ExportColumn {
  header: string;
  /** Excel number format; numbers and dates without one use Excel's General. */
  numFmt?: string;
  width: number;
}

/** One export (spec section 9): its file name base, sheet name, columns and rows (fetched a batch at a time). */
export interface ExportSheet {
  fileBase: string;
  sheetName: string;
  columns: ExportColumn[];
  rows: AsyncIterable<Cell[]>;
}

/** Every export, by the name in its URL, with the input it takes (the screen's filters). */
export interface ExportInputs {
  transactions: TransactionFilters;
  'high-sc': z.output<typeof highScSummaryInput>;
  profitability: z.output<typeof profitabilitySummaryInput>;
  participation: z.output<typeof participationInput>;
  'transaction-types': z.output<typeof transactionTypesReportInput>;
  audit: z.output<typeof auditExportInput>;
  reconciliation: z.output<typeof reconciliationExportInput>;
  redemptions: z.output<typeof payoutReportInput>;
}
export type ExportKind = keyof ExportInputs;
export type ExportRequest = { [K in ExportKind]: { kind: K; input: ExportInputs[K] } }[ExportKind];

/** File names (spec 9): {base}_{YYYY-MM-DD}.csv or .xlsx. */
export const EXPORT_FILE_BASES: Record<ExportKind, string> = {
  transactions: 'transactions',
  'high-sc': 'high_sc_report',
  profitability: 'profitability_report',
  participation: 'participation_report',
  'transaction-types': 'transaction_types_report',
  audit: 'audit_trail',
  reconciliation: 'reconciliation_report',
  redemptions: 'redemptions_report',
};

export const BATCH = 2000;
const MONEY = '#,##0.00';
const COUNT = '#,##0';
const money = (decimal: string) => toHundredths(decimal) / 100;
const DAY = 'yyyy-mm-dd';

/** The small tables' names by id, for export rows (a user by full name, or email when no name). */
async function exportNames(db: Db) {
  const byId = <T extends { id: number }>(rows: T[], name: (r: T) => string) => new Map(rows.map((r) => [r.id, name(r)]));
  const [customers, casinos, types, users] = await Promise.all([
    db.selectFrom('customers').select(['id', 'name']).execute(),
    db.selectFrom('casinos').select(['id', 'name']).execute(),
    db.selectFrom('transactionTypes').select(['id', 'name']).execute(),
    db.selectFrom('users').select(['id', 'firstName', 'lastName', 'email']).execute(),
  ]);
  return {
    customers: byId(customers, (r) => r.name),
    casinos: byId(casinos, (r) => r.name),
    types: byId(types, (r) => r.name),
    users: byId(users, nameOrEmail),
  };
}

async function* transactionRows(db: Db, filters: TransactionFilters, timeZone: string): AsyncIterable<Cell[]> {
  let names = await exportNames(db);
  let after: TransactionKey | undefined;
  for (;;) {
    const batch = await transactionBatch(db, filters, timeZone, BATCH, after);
    for (const t of batch) {
      // A customer, casino, type or user added since the names were read: read them again.
      if (
        !names.customers.has(t.customerId) ||
        !names.casinos.has(t.casinoId) ||
        !names.types.has(t.transactionTypeId) ||
        (t.createdByUserId !== null && !names.users.has(t.createdByUserId))
      ) {
        names = await exportNames(db);
      }
      const ratio = round4(t.purchaseRatio);
      yield [
        new Date(t.date),
        names.customers.get(t.customerId) ?? '',
        names.casinos.get(t.casinoId) ?? '',
        names.types.get(t.transactionTypeId) ?? '',
        t.unplayedCoinsChange / 100,
        t.playedCoinsChange / 100,
        t.usdChange / 100,
        ratio === null ? null : Math.round(ratio * 100) / 100,
        t.totalCoinsAfter / 100,
        t.createdByUserId === null ? '' : (names.users.get(t.createdByUserId) ?? ''),
      ];
    }
    if (batch.length < BATCH) return;
    after = { date: batch[batch.length - 1].date, id: batch[batch.length - 1].id };
  }
}

/** Pages of a paged report, BATCH rows at a time, until a short page. */
async function* pages<T>(page: (limit: number, offset: number) => Promise<T[]>): AsyncIterable<T> {
  for (let offset = 0; ; offset += BATCH) {
    const rows = await page(BATCH, offset);
    yield* rows;
    if (rows.length < BATCH) return;
  }
}

async function* mapRows<T>(rows: AsyncIterable<T>, cells: (row: T) => Cell[]): AsyncIterable<Cell[]> {
  for await (const row of rows) yield cells(row);
}

/** The export's definition: spec 9's file and sheet names and columns. `day` is today in the server's zone. */
export function exportSheet(db: Db, request: ExportRequest, timeZone: string, day: string): ExportSheet {
  switch (request.kind) {
    case 'transactions':
      return {
        fileBase: `${EXPORT_FILE_BASES.transactions}_${day}`,
        sheetName: 'Transactions',
        columns: [
          { header: 'Date', numFmt: 'yyyy-mm-dd hh:mm', width: 18 },
          { header: 'Customer', width: 24 },
          { header: 'Casino', width: 20 },
          { header: 'Transaction Type', width: 18 },
          { header: 'Unplayed Coins Change', numFmt: MONEY, width: 16 },
          { header: 'Played Coins Change', numFmt: MONEY, width: 16 },
          { header: 'USD Change', numFmt: MONEY, width: 12 },
          { header: 'Purchase Ratio', numFmt: '0.00', width: 12 },
          { header: 'Total Coins After', numFmt: MONEY, width: 16 },
          { header: 'Created By', width: 24 },
        ],
        rows: transactionRows(db, request.input, timeZone),
      };
    case 'high-sc': {
      const { threshold } = request.input;
      return {
        fileBase: `${EXPORT_FILE_BASES['high-sc']}_${day}`,
        sheetName: 'High SC Report',
        columns: [
          { header: 'Customer', width: 24 },
          { header: 'Casino', width: 20 },
          { header: 'Unplayed Coins', numFmt: MONEY, width: 16 },
          { header: 'Played Coins', numFmt: MONEY, width: 16 },
          { header: 'Total Coins', numFmt: MONEY, width: 16 },
          { header: 'USD Value', numFmt: MONEY, width: 12 },
          { header: 'Threshold', numFmt: MONEY, width: 12 },
        ],
        rows: mapRows(
          pages((limit, offset) =>
            request.input.asOf
              ? highScAsOf(db, threshold, request.input.asOf, timeZone, { limit, offset })
              : highSc(db, threshold, { limit, offset }),
          ),
          (r) => {
            const coins = toHundredths(r.totalCoins) + toHundredths(r.playedCoins);
            return [
              r.customerName,
              r.casinoName,
              money(r.totalCoins),
              money(r.playedCoins),
              coins / 100,
              highScUsdHundredths(coins, 0) / 100,
              threshold,
            ];
          },
        ),
      };
    }
    case 'audit':
      return {
        fileBase: `${EXPORT_FILE_BASES.audit}_${day}`,
        sheetName: 'Audit Trail',
        columns: [
          { header: 'When', numFmt: 'yyyy-mm-dd hh:mm', width: 18 },
          { header: 'User', width: 28 },
          { header: 'Action', width: 16 },
          { header: 'Record', width: 16 },
          { header: 'Record Id', width: 10 },
          { header: 'Before', width: 60 },
          { header: 'After', width: 60 },
        ],
        rows: mapRows(
          pages(async (limit, offset) => (await listAudit(db, { ...request.input, limit, offset }, timeZone)).entries),
          (e) => [
            new Date(e.at),
            e.user?.email ?? 'System',
            e.action,
            e.entity,
            e.entityId,
            e.before == null ? null : JSON.stringify(e.before),
            e.after == null ? null : JSON.stringify(e.after),
          ],
        ),
      };
    case 'reconciliation':
      return {
        fileBase: `${EXPORT_FILE_BASES.reconciliation}_${day}`,
        sheetName: 'Reconciliation Report',
        columns: [
          { header: 'Customer', width: 24 },
          { header: 'Casino', width: 20 },
          { header: 'Last Reconciled', numFmt: 'yyyy-mm-dd hh:mm', width: 18 },
          { header: 'By', width: 28 },
          { header: 'Unplayed Difference', numFmt: MONEY, width: 18 },
          { header: 'Played Difference', numFmt: MONEY, width: 18 },
          { header: 'Status', width: 12 },
        ],
        rows: mapRows(
          pages(async (limit, offset) => (await reconciliationReport(db, { ...request.input, limit, offset })).rows),
          (r) => [
            r.customerName,
            r.casinoName,
            r.lastReconciledAt ? new Date(r.lastReconciledAt) : 'Never',
            r.lastReconciledBy,
            r.differenceUnplayed === null ? null : money(r.differenceUnplayed),
            r.differencePlayed === null ? null : money(r.differencePlayed),
            r.stale ? 'Due' : 'Reconciled',
          ],
        ),
      };
    case 'redemptions':
      return {
        fileBase: `${EXPORT_FILE_BASES.redemptions}_${day}`,
        sheetName: 'Redemptions Report',
        columns: [
          { header: 'Casino', width: 20 },
          { header: 'Pending', numFmt: COUNT, width: 10 },
          { header: 'Pending USD', numFmt: MONEY, width: 14 },
          { header: 'Received (180 days)', numFmt: COUNT, width: 12 },
          { header: 'Median Days to Pay', numFmt: '0.0', width: 12 },
          { header: '90th Percentile Days', numFmt: '0.0', width: 12 },
          { header: 'Rejected (180 days)', numFmt: COUNT, width: 12 },
        ],
        rows: mapRows(
          (async function* () {
            yield* (await payoutReport(db, timeZone, request.input?.casinoId)).rows;
          })(),
          (r) => [r.casinoName, r.pendingCount, money(r.pendingUsd), r.receivedCount, r.medianDays, r.p90Days, r.rejectedCount],
        ),
      };
    case 'profitability': {
      const range = request.input ?? {};
      return {
        fileBase: `${EXPORT_FILE_BASES.profitability}_${day}`,
        sheetName: 'Profitability Report',
        columns: [
          { header: 'Customer', width: 24 },
          { header: 'Casino', width: 20 },
          { header: 'Total USD', numFmt: MONEY, width: 12 },
          { header: 'Transaction Count', numFmt: COUNT, width: 12 },
          { header: 'Average per Transaction', numFmt: MONEY, width: 14 },
          { header: 'Status', width: 12 },
          { header: 'Start Date', numFmt: DAY, width: 12 },
          { header: 'End Date', numFmt: DAY, width: 12 },
        ],
        rows: mapRows(
          pages((limit, offset) => profitability(db, { ...range, limit, offset }, timeZone)),
          (r) => {
            const total = toHundredths(r.totalUSD);
            const avg = avgPerTransaction(total, r.transactionCount) / 100;
            return [
              r.customerName,
              r.casinoName,
              total / 100,
              r.transactionCount,
              avg,
              profitStatus(total),
              dayOrAll(range.startDate),
              dayOrAll(range.endDate),
            ];
          },
        ),
      };
    }
    case 'participation':
      return {
        fileBase: `${EXPORT_FILE_BASES.participation}_${day}`,
        sheetName: 'Participation Report',
        columns: [
          { header: 'Customer', width: 24 },
          { header: 'Total Casinos', numFmt: COUNT, width: 12 },
          { header: 'Missing Casinos', numFmt: COUNT, width: 12 },
          { header: 'Missing Casino Names', width: 50 },
          { header: 'Participation Rate', numFmt: '0.0%', width: 12 },
        ],
        rows: mapRows(
          pages((limit, offset) => participation(db, request.input.masterUserId, { limit, offset }, request.input.sort)),
          (r) => [
            r.customerName,
            r.totalCasinos,
            r.missingCasinos.length,
            r.missingCasinos.length ? r.missingCasinos.map((c) => c.name).join(', ') : 'None',
            percent(participationRate(r.totalCasinos, r.missingCasinos.length)),
          ],
        ),
      };
    case 'transaction-types': {
      const { limit: _limit, ...filters } = request.input ?? {};
      return {
        fileBase: `${EXPORT_FILE_BASES['transaction-types']}_${day}`,
        sheetName: 'Transaction Types Report',
        columns: [
          { header: 'Transaction Type', width: 18 },
          { header: 'Casino', width: 20 },
          { header: 'Transaction Count', numFmt: COUNT, width: 12 },
          { header: 'Total USD', numFmt: MONEY, width: 12 },
          { header: 'Average USD per Transaction', numFmt: MONEY, width: 14 },
          { header: 'Start Date', numFmt: DAY, width: 12 },
          { header: 'End Date', numFmt: DAY, width: 12 },
        ],
        rows: mapRows(
          (async function* () {
            yield* (await typeReportSummary(db, filters, timeZone)).byType;
          })(),
          (t) => {
            const total = toHundredths(t.totalUSD);
            return [
              t.transactionTypeName,
              t.casinoName,
              t.transactionCount,
              total / 100,
              avgPerTransaction(total, t.transactionCount) / 100,
              dayOrAll(filters.startDate),
              dayOrAll(filters.endDate),
            ];
          },
        ),
      };
    }
  }
}
