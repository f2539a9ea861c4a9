import type SQLite from 'better-sqlite3';
import type { CheckInRow } from '../../db/types';

/** The check-in step's statements, prepared once per connection (used inside ledgerStep). */
function prepare(sqlite: SQLite.Database) {
  const q = <P extends unknown[], R>(text: string) => sqlite.prepare<P, R>(text);
  const at = `"customerId" = ? and "casinoId" = ?`;
  return {
    day: q<[number, number, string], CheckInRow>(`select * from "checkIns" where ${at} and day = ?`),
    insert: q<[CheckInRow], never>(
      `insert into "checkIns" ("customerId", "casinoId", day, count, "unplayedCoins", "transactionId", at, "byUserId", streak)
       values (@customerId, @casinoId, @day, @count, @unplayedCoins, @transactionId, @at, @byUserId, @streak)`,
    ),
    addToDay: q<[number, number, string, number | null, number, number, string], never>(
      `update "checkIns" set count = count + 1, "unplayedCoins" = "unplayedCoins" + ?, "transactionId" = ?, at = ?, "byUserId" = ?
       where ${at} and day = ?`,
    ),
    setStreak: q<[number, number, number, string], never>(`update "checkIns" set streak = ? where ${at} and day = ?`),
    latest: q<[number, number], Pick<CheckInRow, 'day' | 'at' | 'streak'>>(`select day, at, streak from "checkIns" where ${at} order by day desc limit 1`),
    markLink: q<[string, string, number, number, number], never>(
      `update "customerCasinos" set "lastCheckInDay" = ?, "lastCheckInAt" = ?, "checkInStreak" = ? where ${at}`,
    ),
  };
}

export type CheckInStatements = ReturnType<typeof prepare>;
const prepared = new WeakMap<SQLite.Database, CheckInStatements>();

export function checkInStatements(sqlite: SQLite.Database): CheckInStatements {
  let statements = prepared.get(sqlite);
  if (!statements) prepared.set(sqlite, (statements = prepare(sqlite)));
  return statements;
}
