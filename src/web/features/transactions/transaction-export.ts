import type { TransactionView } from '../../../shared/schemas/transactions';
import type { Sheet } from '../../lib/export';
import { fullNameOrEmail, isoLocalMinute, todayStamp } from '../../lib/format';

export const TRANSACTION_EXPORT_COLUMNS = [
  'Date',
  'Customer',
  'Casino',
  'Transaction Type',
  'Unplayed Coins Change',
  'Played Coins Change',
  'USD Change',
  'Purchase Ratio',
  'Total Coins After',
  'Created By',
];

/** The transaction export of spec section 3: transactions_{YYYY-MM-DD}, sheet Transactions. */
export function transactionSheet(rows: TransactionView[], now = new Date()): Sheet {
  return {
    fileBase: `transactions_${todayStamp(now)}`,
    sheetName: 'Transactions',
    columns: TRANSACTION_EXPORT_COLUMNS,
    rows: rows.map((t) => [
      isoLocalMinute(t.date),
      t.customer.name,
      t.casino.name,
      t.transactionType.name,
      Number(t.unplayedCoinsChange),
      Number(t.playedCoinsChange),
      Number(t.usdChange),
      t.purchaseRatio === null ? null : Math.round(t.purchaseRatio * 100) / 100,
      Number(t.totalCoinsAfter),
      fullNameOrEmail(t.createdByUser),
    ]),
  };
}
