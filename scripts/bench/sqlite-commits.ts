import SQLite from 'better-sqlite3';
import { applyPragmas } from '../../src/server/db/database';

/**
 * The bare write baseline: one-row transactions committed in a loop on a copy of the bench database,
 * with the app's pragmas (WAL, synchronous=FULL). Returns commits per second and latency percentiles.
 */
export function measureSqliteCommits(file: string, seconds: number) {
  const db = new SQLite(file);
  applyPragmas(db);
  const pair = db.prepare("select customerId, casinoId from customerCasinos where status = 'active' limit 1").get() as {
    customerId: number;
    casinoId: number;
  };
  const type = db.prepare('select id from transactionTypes where casinoId = ? limit 1').get(pair.casinoId) as { id: number };
  const insert = db.prepare(
    `insert into transactions (date, customerId, casinoId, transactionTypeId, unplayedCoinsChange, playedCoinsChange, usdChange,
       purchaseRatio, unplayedCoinsAfter, playedCoinsAfter, totalCoinsAfter, createdByUserId, createdAt, updatedAt)
     values (?, ?, ?, ?, 100, 0, -1, null, 0, 0, 0, null, ?, ?)`,
  );
  const commit = db.transaction((date: string) => insert.run(date, pair.customerId, pair.casinoId, type.id, date, date));
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    commit(new Date().toISOString());
    latencies.push(performance.now() - t);
  }
  db.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { perSecond: latencies.length / seconds, p50: pct(50), p99: pct(99), count: latencies.length };
}
