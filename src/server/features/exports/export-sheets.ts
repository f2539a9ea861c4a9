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
import { ACCESS_KINDS, type AccessKind, type accessLogExportInput } from '../../../shared/schemas/access-log';
import { listAccessLog } from '../access-log/access-log.repository';
import { payoutReport } from '../redemptions/redemptions.repository';
import { listAudit } from '../audit/audit.repository';
import { auditActionLabel, auditChangeLines, auditRecordText } from '../../../shared/audit-text';
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
  'access-log': z.output<typeof accessLogExportInput>;
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
  'access-log': 'access_log',
};

export const BATCH = 2000;
const MONEY = '#,##0.00';
const COUNT = '#,##0';
const money = (decimal: string) => toHundredths(decimal) / 100;
const DAY = 'yyyy-mm-dd';
const INSTANT = 'yyyy-mm-dd hh:mm';

/** A column: its header and width, and its Excel number format when it has one. */
const column = (header: string, width: number, numFmt?: string): ExportColumn => (numFmt ? { header, numFmt, width } : { header, width });
const CUSTOMER = column('Customer', 24);
const CASINO = column('Casino', 20);
/** A report's filter days, on every row (a real date, or All). */
const FILTER_DAYS = [column('Start Date', 12, DAY), column('End Date', 12, DAY)];

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
    const batch = await transactionBatch(db, { filters, timeZone, limit: BATCH }, after);
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

/** The audit trail as the Audit page reads it (the one formatter, decision 116): names, labelled fields, office dates. */
async function* auditRows(db: Db, filters: ExportInputs['audit'], timeZone: string): AsyncIterable<Cell[]> {
  const names = await exportNames(db);
  for await (const e of pages(async (limit, offset) => (await listAudit(db, { ...filters, limit, offset }, timeZone)).entries)) {
    yield [
      new Date(e.at),
      e.user ? (names.users.get(e.user.id) ?? e.user.email) : 'System',
      auditActionLabel(e.action),
      auditRecordText(e, names),
      e.entityId,
      auditChangeLines(e.before, e.after, names, timeZone).join('; '),
    ];
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

/** The rows of a report read whole (one answer, not pages), read when the writer asks for the first. */
async function* allOf<T>(read: () => Promise<T[]>): AsyncIterable<T> {
  yield* await read();
}

async function* mapRows<T>(rows: AsyncIterable<T>, cells: (row: T) => Cell[]): AsyncIterable<Cell[]> {
  for await (const row of rows) yield cells(row);
}

/** The export's definition: spec 9's file and sheet names and columns. `day` is today in the server's zone. */
export function exportSheet(db: Db, request: ExportRequest, timeZone: string, day: string): ExportSheet {
  return { fileBase: `${EXPORT_FILE_BASES[request.kind]}_${day}`, ...sheet(db, request, timeZone) };
}

function sheet(db: Db, request: ExportRequest, timeZone: string): Omit<ExportSheet, 'fileBase'> {
  switch (request.kind) {
    case 'transactions':
      return {
        sheetName: 'Transactions',
        columns: [
          column('Date', 18, INSTANT),
          CUSTOMER,
          CASINO,
          column('Transaction Type', 18),
          column('Unplayed Coins Change', 16, MONEY),
          column('Played Coins Change', 16, MONEY),
          column('USD Change', 12, MONEY),
          column('Purchase Ratio', 12, '0.00'),
          column('Total Coins After', 16, MONEY),
          column('Created By', 24),
        ],
        rows: transactionRows(db, request.input, timeZone),
      };
    case 'high-sc': {
      const { threshold } = request.input;
      return {
        sheetName: 'High SC Report',
        columns: [
          CUSTOMER,
          CASINO,
          column('Unplayed Coins', 16, MONEY),
          column('Played Coins', 16, MONEY),
          column('Total Coins', 16, MONEY),
          column('USD Value', 12, MONEY),
          column('Threshold', 12, MONEY),
        ],
        rows: mapRows(
          pages((limit, offset) =>
            request.input.asOf
              ? highScAsOf(db, { thresholdUsd: threshold, asOf: request.input.asOf, timeZone }, { limit, offset })
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
        sheetName: 'Audit Trail',
        columns: [
          column('When', 18, INSTANT),
          column('User', 28),
          column('Action', 16),
          column('Record', 36),
          column('Record Id', 10),
          column('Changes', 90),
        ],
        rows: auditRows(db, request.input, timeZone),
      };
    case 'access-log':
      return {
        sheetName: 'Access Log',
        columns: [
          column('When', 18, INSTANT),
          column('Event', 20),
          column('Email', 28),
          column('User Id', 10),
          column('Address', 16),
          column('Browser', 40),
          column('Detail', 40),
        ],
        rows: mapRows(
          pages(async (limit, offset) => (await listAccessLog(db, { ...request.input, limit, offset }, timeZone)).entries),
          (e) => [new Date(e.at), ACCESS_KINDS[e.kind as AccessKind] ?? e.kind, e.email, e.userId, e.ip, e.userAgent, e.detail],
        ),
      };
    case 'reconciliation':
      return {
        sheetName: 'Reconciliation Report',
        columns: [
          CUSTOMER,
          CASINO,
          column('Last Reconciled', 18, INSTANT),
          column('By', 28),
          column('Unplayed Difference', 18, MONEY),
          column('Played Difference', 18, MONEY),
          column('Status', 12),
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
        sheetName: 'Redemptions Report',
        columns: [
          CASINO,
          column('Pending', 10, COUNT),
          column('Pending USD', 14, MONEY),
          column('Received (180 days)', 12, COUNT),
          column('Median Days to Pay', 12, '0.0'),
          column('90th Percentile Days', 12, '0.0'),
          column('Rejected (180 days)', 12, COUNT),
        ],
        rows: mapRows(
          allOf(async () => (await payoutReport(db, timeZone, request.input?.casinoId)).rows),
          (r) => [r.casinoName, r.pendingCount, money(r.pendingUsd), r.receivedCount, r.medianDays, r.p90Days, r.rejectedCount],
        ),
      };
    case 'profitability': {
      const range = request.input ?? {};
      return {
        sheetName: 'Profitability Report',
        columns: [
          CUSTOMER,
          CASINO,
          column('Total USD', 12, MONEY),
          column('Transaction Count', 12, COUNT),
          column('Average per Transaction', 14, MONEY),
          column('Status', 12),
          ...FILTER_DAYS,
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
        sheetName: 'Participation Report',
        columns: [
          CUSTOMER,
          column('Total Casinos', 12, COUNT),
          column('Missing Casinos', 12, COUNT),
          column('Missing Casino Names', 50),
          column('Participation Rate', 12, '0.0%'),
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
      const { limit: _limit, offset: _offset, ...filters } = request.input ?? {};
      return {
        sheetName: 'Transaction Types Report',
        columns: [
          column('Transaction Type', 18),
          CASINO,
          column('Transaction Count', 12, COUNT),
          column('Total USD', 12, MONEY),
          column('Average USD per Transaction', 14, MONEY),
          ...FILTER_DAYS,
        ],
        rows: mapRows(
          allOf(async () => (await typeReportSummary(db, filters, timeZone)).byType),
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
