import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { writeStatement } from '../../src/server/features/exports/statement-file';
import { pairFixture } from '../../src/server/testing/fixtures';

/**
 * A customer's statement of N entries (default 100,000) at one casino, as PDF and as Excel: how long each
 * takes and the process's peak RSS. Usage: tsx scripts/bench/statement.ts [entries]. The entries are
 * written straight into a temporary database with true after-values (the ledger's invariants hold), so
 * the figure is the statement's alone.
 */
const entries = Number(process.argv[2] ?? 100_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-bench-'));
const { db, sqlite } = openDatabase(path.join(dir, 'bench.db'));
await migrateToLatest(db);
const pair = await pairFixture(db, { customerName: 'Bench Customer', casinoName: 'Bench Casino' });
const start = Date.parse('2026-01-01T12:00:00Z');
const insert = sqlite.prepare(`insert into transactions (date, "customerId", "casinoId", "transactionTypeId", "unplayedCoinsChange",
  "playedCoinsChange", "usdChange", "purchaseRatio", "createdByUserId", "createdAt", "unplayedCoinsAfter", "playedCoinsAfter",
  "totalCoinsAfter", "updatedAt") values (?, ?, ?, ?, ?, 0, ?, null, null, ?, ?, 0, ?, ?)`);
let unplayed = 0;
sqlite.transaction(() => {
  for (let i = 0; i < entries; i += 1) {
    const change = i % 3 === 0 ? -5_000 : 12_345;
    unplayed += change;
    const date = new Date(start + i * 60_000).toISOString();
    insert.run(date, pair.customer.id, pair.casino.id, pair.type.id, change, change > 0 ? -1_234 : 500, date, unplayed, unplayed, date);
  }
})();
sqlite
  .prepare(`update "customerCasinos" set "currentUnplayedCoins" = ?, "lastActivityAt" = ? where "customerId" = ? and "casinoId" = ?`)
  .run(unplayed, new Date(start + (entries - 1) * 60_000).toISOString(), pair.customer.id, pair.casino.id);

const lastDay = new Date(start + entries * 60_000).toISOString().slice(0, 10);
for (const format of ['pdf', 'xlsx'] as const) {
  let bytes = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const began = performance.now();
  const rows = await writeStatement(
    db,
    { id: pair.customer.id, startDate: '2026-01-01', endDate: lastDay, format },
    { format, out, timeZone: 'UTC' },
  );
  const seconds = (performance.now() - began) / 1000;
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(`${format}: ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; peak RSS so far ${rss.toFixed(0)} MB`);
}
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
