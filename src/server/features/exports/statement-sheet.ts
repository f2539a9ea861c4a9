import { highScUsdHundredths } from '../../../shared/ledger';
import type { Db } from '../../db/types';
import type { Cell, ExportColumn, ExportSheet } from './export-sheets';
import { type Balance, checkedSections, type Statement, type Sums, statementTotals } from './statement-data';

const MONEY = '#,##0.00';
const INSTANT = 'yyyy-mm-dd hh:mm';
const col = (header: string, width: number, numFmt?: string): ExportColumn => (numFmt ? { header, numFmt, width } : { header, width });

export const STATEMENT_COLUMNS: ExportColumn[] = [
  col('Casino', 20),
  col('Line', 18),
  col('Date', 17, INSTANT),
  col('Type', 16),
  col('Unplayed Change', 16, MONEY),
  col('Played Change', 14, MONEY),
  col('USD Change', 13, MONEY),
  col('Unplayed', 14, MONEY),
  col('Played', 14, MONEY),
  col('Total', 14, MONEY),
  col('USD Value', 12, MONEY),
];

const units = (hundredths: number) => hundredths / 100;
/** A day as a real Excel date (its own format) and as its text in CSV. */
const dayCell = (day: string): Cell => ({ excel: new Date(`${day}T00:00:00.000Z`), text: day });

const balanceRow = (casino: string, line: string, day: string, b: Balance): Cell[] => [
  casino,
  line,
  dayCell(day),
  null,
  null,
  null,
  null,
  units(b.unplayed),
  units(b.played),
  units(b.unplayed + b.played),
  units(highScUsdHundredths(b.unplayed, b.played)),
];

/** The totals lines: USD ones in the USD Change column, coins in the Total column. */
function totalRows(casino: string, s: Sums): Cell[][] {
  const usd = (line: string, v: number): Cell[] => [casino, line, null, null, null, null, units(v), null, null, null, null];
  const coins = (line: string, v: number): Cell[] => [casino, line, null, null, null, null, null, null, null, units(v), null];
  return [
    usd('Purchases', s.purchases),
    usd('Redemptions', s.redemptions),
    usd('Other USD', s.otherUsd),
    usd('Net USD', s.usd),
    coins('Coins in', s.coinsIn),
    coins('Coins out', s.coinsOut),
  ];
}

async function* statementRows(db: Db, statement: Statement): AsyncIterable<Cell[]> {
  let casino = '';
  for await (const part of checkedSections(db, statement)) {
    if (part.kind === 'start') {
      casino = part.section.casinoName;
      yield balanceRow(casino, 'Opening balance', statement.startDate, part.section.opening);
    } else if (part.kind === 'entry') {
      const e = part.entry;
      yield [
        casino,
        `Entry #${e.id}`,
        new Date(e.date),
        e.typeName,
        units(e.unplayedChange),
        units(e.playedChange),
        units(e.usdChange),
        units(e.unplayedAfter),
        units(e.playedAfter),
        units(e.totalAfter),
        units(highScUsdHundredths(e.unplayedAfter, e.playedAfter)),
      ];
    } else {
      yield balanceRow(casino, 'Closing balance', statement.endDate, part.section.closing);
      yield* totalRows(casino, part.section.sums);
    }
  }
  yield* totalRows('All casinos', statementTotals(statement));
}

/** The statement as one table for CSV and Excel, written by the exports' own writer (neutralised text, real dates). */
export const statementSheet = (db: Db, statement: Statement): ExportSheet => ({
  fileBase: 'statement',
  sheetName: 'Statement',
  columns: STATEMENT_COLUMNS,
  rows: statementRows(db, statement),
});
