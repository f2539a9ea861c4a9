import type {
  CasinoRow,
  CustomerRow,
  DeletedTransactionRow,
  IdempotencyKeysTable,
  LinkRow,
  RedemptionRow,
  TransactionRow,
  TransactionTypeRow,
  UserRow,
} from '../../db/types';
import { insertStatement, perConnection, updateStatement } from '../../db/per-connection';
import { ENTERED_COLUMNS } from './transactions.repository';
import { isCheckInType, keepCheckInDay, keepCheckInDays } from '../check-ins/check-in-days';
import { checkCheckInDay, keptChanges } from './ledger-limits';

type After = Pick<TransactionRow, 'unplayedCoinsAfter' | 'playedCoinsAfter'>;

/**
 * The ledger's statements, prepared once per connection (see ledger.ts for how they are used): the hot
 * write path keeps synchronous prepared statements (decision 020), and every row type below is picked
 * from the database types (db/types.ts), so a renamed or retyped column fails the type check here.
 */
export const ledgerStatements = perConnection((q, sqlite) => {
  const pairAt = `"customerId" = ? and "casinoId" = ?`;
  return {
    /** What the running write changed in kept values, checked against the ledger's limit when it is done (decision 090). */
    kept: keptChanges(sqlite),
    /** Keeps the board's check-in day at a position where a write added or removed a transaction (decision 061). */
    checkInDay: (t: Pick<TransactionRow, 'customerId' | 'casinoId' | 'date' | 'transactionTypeId'>) => {
      if (isCheckInType(sqlite, t.transactionTypeId)) checkCheckInDay(keepCheckInDay(sqlite, t));
    },
    /** The same for many new rows at once (the bulk write), each link and office day once. */
    checkInDays: (rows: Iterable<Pick<TransactionRow, 'customerId' | 'casinoId' | 'date' | 'transactionTypeId'>>) =>
      keepCheckInDays(sqlite, rows).forEach(checkCheckInDay),
    // The redemption whose step booked this transaction, if one did (decision 061).
    redemptionOf: q<[{ id: number }], { redemptionId: RedemptionRow['id']; role: 'request' | 'receipt' | 'reversal' }>(
      `select id "redemptionId", case when "requestTransactionId" = @id then 'request' when "receiptTransactionId" = @id then 'receipt' else 'reversal' end role
       from redemptions where "requestTransactionId" = @id or "receiptTransactionId" = @id or "reversalTransactionId" = @id`,
    ),
    customer: q<[number], Pick<CustomerRow, 'isActive'>>(`select "isActive" from customers where id = ?`),
    casino: q<[number], Pick<CasinoRow, 'isActive' | 'scRatio'>>(`select "isActive", "scRatio" from casinos where id = ?`),
    type: q<[number], Pick<TransactionTypeRow, 'casinoId'>>(`select "casinoId" from "transactionTypes" where id = ?`),
    link: q<[number, number], Pick<LinkRow, 'status' | 'currentUnplayedCoins' | 'currentPlayedCoins'>>(
      `select status, "currentUnplayedCoins", "currentPlayedCoins" from "customerCasinos" where ${pairAt}`,
    ),
    applyToLink: q<[number, number, number, number, number, number], never>(
      `update "customerCasinos" set "currentUnplayedCoins" = "currentUnplayedCoins" + ?, "currentPlayedCoins" = "currentPlayedCoins" + ?,
         "usdTotal" = "usdTotal" + ?, "transactionCount" = "transactionCount" + ? where ${pairAt}`,
    ),
    lastDate: q<[number, number], Pick<TransactionRow, 'date'>>(
      `select date from transactions where ${pairAt} order by date desc, id desc limit 1`,
    ),
    before: q<[number, number, string, string, number], After>(
      `select "unplayedCoinsAfter", "playedCoinsAfter" from transactions
       where ${pairAt} and (date < ? or (date = ? and id < ?)) order by date desc, id desc limit 1`,
    ),
    atOrAfter: q<
      [number, number, string, string, number],
      Pick<
        TransactionRow,
        'id' | 'date' | 'unplayedCoinsChange' | 'playedCoinsChange' | 'unplayedCoinsAfter' | 'playedCoinsAfter' | 'totalCoinsAfter'
      >
    >(
      `select id, date, "unplayedCoinsChange", "playedCoinsChange", "unplayedCoinsAfter", "playedCoinsAfter", "totalCoinsAfter" from transactions
       where ${pairAt} and (date > ? or (date = ? and id >= ?)) order by date, id`,
    ),
    // A pair's rows from a date on, with what the import compares and recomputes (ledger-bulk.ts).
    pairFrom: q<
      [number, number, string],
      Pick<
        TransactionRow,
        | 'id'
        | 'date'
        | 'transactionTypeId'
        | 'unplayedCoinsChange'
        | 'playedCoinsChange'
        | 'usdChange'
        | 'unplayedCoinsAfter'
        | 'playedCoinsAfter'
        | 'totalCoinsAfter'
      >
    >(
      `select id, date, "transactionTypeId", "unplayedCoinsChange", "playedCoinsChange", "usdChange", "unplayedCoinsAfter", "playedCoinsAfter", "totalCoinsAfter"
       from transactions where ${pairAt} and date >= ? order by date, id`,
    ),
    setAfter: q<[number, number, number, number], never>(
      `update transactions set "unplayedCoinsAfter" = ?, "playedCoinsAfter" = ?, "totalCoinsAfter" = ? where id = ?`,
    ),
    insert: insertStatement(q, 'transactions', [
      ...ENTERED_COLUMNS,
      'unplayedCoinsAfter',
      'playedCoinsAfter',
      'totalCoinsAfter',
      'createdByUserId',
      'createdAt',
      'updatedAt',
    ]),
    update: updateStatement(q, 'transactions', [...ENTERED_COLUMNS, 'updatedAt']),
    entry: q<[number], TransactionRow>(`select * from transactions where id = ?`),
    delete: q<[number], never>(`delete from transactions where id = ?`),
    idempotencyKey: q<[string], Pick<IdempotencyKeysTable, 'userId' | 'requestHash' | 'transactionId'>>(
      `select "userId", "requestHash", "transactionId" from "idempotencyKeys" where key = ?`,
    ),
    insertIdempotencyKey: q<[string, number, string, number, string], never>(
      `insert into "idempotencyKeys" (key, "userId", "requestHash", "transactionId", "createdAt") values (?, ?, ?, ?, ?)`,
    ),
    // The screens' totals (decision 021): one upsert each per transaction added (sign 1) or removed (-1).
    dayTotal: q<[string, number, number], never>(
      `insert into "dayTotals" (day, "transactionCount", "usdTotal") values (?, ?, ?)
       on conflict (day) do update set "transactionCount" = "transactionCount" + excluded."transactionCount", "usdTotal" = "usdTotal" + excluded."usdTotal"`,
    ),
    dayTypeTotal: q<[string, number, number, number], never>(
      `insert into "dayTypeTotals" (day, "transactionTypeId", "transactionCount", "usdTotal") values (?, ?, ?, ?)
       on conflict (day, "transactionTypeId") do update set "transactionCount" = "transactionCount" + excluded."transactionCount", "usdTotal" = "usdTotal" + excluded."usdTotal"`,
    ),
    typeTotal: q<[number, number, number], never>(
      `insert into "typeTotals" ("transactionTypeId", "transactionCount", "usdTotal") values (?, ?, ?)
       on conflict ("transactionTypeId") do update set "transactionCount" = "transactionCount" + excluded."transactionCount", "usdTotal" = "usdTotal" + excluded."usdTotal"`,
    ),
    deleteIdempotencyKeys: q<[number], never>(`delete from "idempotencyKeys" where "transactionId" = ?`),
    userEmail: q<[number], Pick<UserRow, 'email'>>(`select email from users where id = ?`),
    typeByName: q<[number, string], Pick<TransactionTypeRow, 'id'>>(
      `select id from "transactionTypes" where "casinoId" = ? and lower(name) = lower(?) order by id limit 1`,
    ),
    insertType: q<[string, number], never>(`insert into "transactionTypes" (name, "casinoId") values (?, ?)`),
    markReconciled: q<[string, number, number, number, number, number], never>(
      `update "customerCasinos" set "lastReconciledAt" = ?, "lastReconciledByUserId" = ?, "lastReconciledDifferenceUnplayed" = ?,
         "lastReconciledDifferencePlayed" = ? where ${pairAt}`,
    ),
    keepDeleted: q<[{ id: number; deletedAt: string; deletedByUserId: number | null }], never>(
      `insert or replace into "deletedTransactions" (id, date, "customerId", "casinoId", "transactionTypeId", "unplayedCoinsChange",
         "playedCoinsChange", "usdChange", "purchaseRatio", "createdByUserId", "createdAt", "deletedAt", "deletedByUserId")
       select id, date, "customerId", "casinoId", "transactionTypeId", "unplayedCoinsChange", "playedCoinsChange", "usdChange",
         "purchaseRatio", "createdByUserId", "createdAt", @deletedAt, @deletedByUserId from transactions where id = @id`,
    ),
    deleted: q<[number], DeletedTransactionRow>(`select * from "deletedTransactions" where id = ?`),
    forgetDeleted: q<[number], never>(`delete from "deletedTransactions" where id = ?`),
    // The version comes back from migration 0055's trigger, past every one the row had.
    insertWithId: q<[Omit<TransactionRow, 'version'>], never>(
      `insert into transactions (id, "date", "customerId", "casinoId", "transactionTypeId", "unplayedCoinsChange", "playedCoinsChange", "usdChange",
         "purchaseRatio", "unplayedCoinsAfter", "playedCoinsAfter", "totalCoinsAfter", "createdByUserId", "createdAt", "updatedAt")
       values (@id, @date, @customerId, @casinoId, @transactionTypeId, @unplayedCoinsChange, @playedCoinsChange, @usdChange,
         @purchaseRatio, @unplayedCoinsAfter, @playedCoinsAfter, @totalCoinsAfter, @createdByUserId, @createdAt, @updatedAt)`,
    ),
  };
});

export type LedgerStatements = ReturnType<typeof ledgerStatements>;
