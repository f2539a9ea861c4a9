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
import { keptFigures } from './kept-figures';

type After = Pick<TransactionRow, 'unplayedCoinsAfter' | 'playedCoinsAfter'>;
/** A pair: one customer at one casino. */
type Pair = Pick<TransactionRow, 'customerId' | 'casinoId'>;
/** A place in a pair's (date, id) order. */
type At = Pair & Pick<TransactionRow, 'date' | 'id'>;
type Id = { id: number };

/**
 * The ledger's statements, prepared once per connection (see ledger.ts for how they are used): the hot
 * write path keeps synchronous prepared statements (decision 020), every row type below is picked from
 * the database types (db/types.ts), so a renamed or retyped column fails the type check here, and every
 * parameter is named (decision 131), so its value is matched to the SQL by name, never by position.
 */
export const ledgerStatements = perConnection((q, sqlite) => {
  const pairAt = `"customerId" = @customerId and "casinoId" = @casinoId`;
  return {
    /** What the running write changed in kept values, checked against the ledger's limit when it is done (decision 090). */
    kept: keptChanges(sqlite),
    /** The kept figures and change feeds every write keeps (kept-figures.ts, decision 130). */
    figures: keptFigures(sqlite),
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
    customer: q<[Id], Pick<CustomerRow, 'isActive'>>(`select "isActive" from customers where id = @id`),
    casino: q<[Id], Pick<CasinoRow, 'isActive' | 'scRatio'>>(`select "isActive", "scRatio" from casinos where id = @id`),
    type: q<[Id], Pick<TransactionTypeRow, 'casinoId'>>(`select "casinoId" from "transactionTypes" where id = @id`),
    link: q<[Pair], Pick<LinkRow, 'status' | 'currentUnplayedCoins' | 'currentPlayedCoins' | 'lastActivityAt'>>(
      `select status, "currentUnplayedCoins", "currentPlayedCoins", "lastActivityAt" from "customerCasinos" where ${pairAt}`,
    ),
    before: q<[At], After>(
      `select "unplayedCoinsAfter", "playedCoinsAfter" from transactions
       where ${pairAt} and (date < @date or (date = @date and id < @id)) order by date desc, id desc limit 1`,
    ),
    atOrAfter: q<
      [At],
      Pick<
        TransactionRow,
        'id' | 'date' | 'unplayedCoinsChange' | 'playedCoinsChange' | 'unplayedCoinsAfter' | 'playedCoinsAfter' | 'totalCoinsAfter'
      >
    >(
      `select id, date, "unplayedCoinsChange", "playedCoinsChange", "unplayedCoinsAfter", "playedCoinsAfter", "totalCoinsAfter" from transactions
       where ${pairAt} and (date > @date or (date = @date and id >= @id)) order by date, id`,
    ),
    // A pair's rows from a date on, with what the import compares and recomputes (ledger-bulk.ts).
    pairFrom: q<
      [Pair & { from: string }],
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
       from transactions where ${pairAt} and date >= @from order by date, id`,
    ),
    setAfter: q<[Id & { unplayed: number; played: number; total: number }], never>(
      `update transactions set "unplayedCoinsAfter" = @unplayed, "playedCoinsAfter" = @played, "totalCoinsAfter" = @total where id = @id`,
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
    entry: q<[Id], TransactionRow>(`select * from transactions where id = @id`),
    delete: q<[Id], never>(`delete from transactions where id = @id`),
    idempotencyKey: q<[{ key: string }], Pick<IdempotencyKeysTable, 'userId' | 'requestHash' | 'transactionId'>>(
      `select "userId", "requestHash", "transactionId" from "idempotencyKeys" where key = @key`,
    ),
    insertIdempotencyKey: q<[Pick<IdempotencyKeysTable, 'key' | 'userId' | 'requestHash' | 'transactionId' | 'createdAt'>], never>(
      `insert into "idempotencyKeys" (key, "userId", "requestHash", "transactionId", "createdAt") values (@key, @userId, @requestHash, @transactionId, @createdAt)`,
    ),
    deleteIdempotencyKeys: q<[Id], never>(`delete from "idempotencyKeys" where "transactionId" = @id`),
    userEmail: q<[Id], Pick<UserRow, 'email'>>(`select email from users where id = @id`),
    typeByName: q<[{ casinoId: number; name: string }], Pick<TransactionTypeRow, 'id'>>(
      `select id from "transactionTypes" where "casinoId" = @casinoId and lower(name) = lower(@name) order by id limit 1`,
    ),
    insertType: q<[{ name: string; casinoId: number }], never>(
      `insert into "transactionTypes" (name, "casinoId") values (@name, @casinoId)`,
    ),
    markReconciled: q<
      [
        Pair &
          Pick<
            LinkRow,
            'lastReconciledAt' | 'lastReconciledByUserId' | 'lastReconciledDifferenceUnplayed' | 'lastReconciledDifferencePlayed'
          >,
      ],
      never
    >(
      `update "customerCasinos" set "lastReconciledAt" = @lastReconciledAt, "lastReconciledByUserId" = @lastReconciledByUserId,
         "lastReconciledDifferenceUnplayed" = @lastReconciledDifferenceUnplayed, "lastReconciledDifferencePlayed" = @lastReconciledDifferencePlayed
       where ${pairAt}`,
    ),
    keepDeleted: q<[{ id: number; deletedAt: string; deletedByUserId: number | null }], never>(
      `insert or replace into "deletedTransactions" (id, date, "customerId", "casinoId", "transactionTypeId", "unplayedCoinsChange",
         "playedCoinsChange", "usdChange", "purchaseRatio", "createdByUserId", "createdAt", "deletedAt", "deletedByUserId")
       select id, date, "customerId", "casinoId", "transactionTypeId", "unplayedCoinsChange", "playedCoinsChange", "usdChange",
         "purchaseRatio", "createdByUserId", "createdAt", @deletedAt, @deletedByUserId from transactions where id = @id`,
    ),
    deleted: q<[Id], DeletedTransactionRow>(`select * from "deletedTransactions" where id = @id`),
    forgetDeleted: q<[Id], never>(`delete from "deletedTransactions" where id = @id`),
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
