import { avgPerTransaction, highScUsdHundredths, participationRate, profitStatus } from '../../../shared/ledger';
import { toHundredths } from '../../../shared/money';
import type { HighScRow, ParticipationRow, ProfitabilityRow, TypeReportSummary } from '../../../shared/schemas/reports';
import type { Sheet } from '../../lib/export';
import { todayStamp } from '../../lib/format';

const money = (decimal: string) => toHundredths(decimal) / 100;
const dateOrAll = (day?: string) => day ?? 'All';

/** High SC USD value in hundredths of a dollar (shared/ledger). */
export const highScUsd = (row: HighScRow) => highScUsdHundredths(toHundredths(row.totalCoins), toHundredths(row.playedCoins));

export function highScSheet(rows: HighScRow[], threshold: number, now = new Date()): Sheet {
  return {
    fileBase: `high_sc_report_${todayStamp(now)}`,
    sheetName: 'High SC Report',
    columns: ['Customer', 'Casino', 'Unplayed Coins', 'Played Coins', 'Total Coins', 'USD Value', 'Threshold'],
    rows: rows.map((r) => [
      r.customerName,
      r.casinoName,
      money(r.totalCoins),
      money(r.playedCoins),
      (toHundredths(r.totalCoins) + toHundredths(r.playedCoins)) / 100,
      highScUsd(r) / 100,
      threshold,
    ]),
  };
}

export function profitabilitySheet(rows: ProfitabilityRow[], range: { startDate?: string; endDate?: string }, now = new Date()): Sheet {
  return {
    fileBase: `profitability_report_${todayStamp(now)}`,
    sheetName: 'Profitability Report',
    columns: ['Customer', 'Casino', 'Total USD', 'Transaction Count', 'Average per Transaction', 'Status', 'Start Date', 'End Date'],
    rows: rows.map((r) => {
      const total = toHundredths(r.totalUSD);
      return [
        r.customerName,
        r.casinoName,
        total / 100,
        r.transactionCount,
        avgPerTransaction(total, r.transactionCount) / 100,
        profitStatus(total),
        dateOrAll(range.startDate),
        dateOrAll(range.endDate),
      ];
    }),
  };
}

export function participationSheet(rows: ParticipationRow[], now = new Date()): Sheet {
  return {
    fileBase: `participation_report_${todayStamp(now)}`,
    sheetName: 'Participation Report',
    columns: ['Customer', 'Total Casinos', 'Missing Casinos', 'Missing Casino Names', 'Participation Rate'],
    rows: rows.map((r) => [
      r.customerName,
      r.totalCasinos,
      r.missingCasinos.length,
      r.missingCasinos.length ? r.missingCasinos.map((c) => c.name).join(', ') : 'None',
      participationRate(r.totalCasinos, r.missingCasinos.length),
    ]),
  };
}

export function transactionTypesSheet(summary: TypeReportSummary, range: { startDate?: string; endDate?: string }, now = new Date()): Sheet {
  return {
    fileBase: `transaction_types_report_${todayStamp(now)}`,
    sheetName: 'Transaction Types Report',
    columns: ['Transaction Type', 'Casino', 'Transaction Count', 'Total USD', 'Average USD per Transaction', 'Start Date', 'End Date'],
    rows: summary.byType.map((t) => {
      const total = toHundredths(t.totalUSD);
      return [
        t.transactionTypeName,
        t.casinoName,
        t.transactionCount,
        total / 100,
        avgPerTransaction(total, t.transactionCount) / 100,
        dateOrAll(range.startDate),
        dateOrAll(range.endDate),
      ];
    }),
  };
}
