import { parseArgs } from 'node:util';
import { loadCliConfig, lockForCommand } from './cli-support';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { checkLedger, ledgerIsSound } from '../features/transactions/invariants';
import { rebuildTotals } from '../features/transactions/totals';
import { ensureFirstAdmin } from '../features/users/first-admin';
import { purchaseRatio } from '../../shared/ledger';
import { BulkMotion } from './seed-bulk-motion';

/**
 * `npm run seed:bulk -- --transactions 1000000 --customers 2000 --casinos 50`: a large database, fast.
 * Writes rows directly with prepared statements in large transactions (not through the ledger's
 * per-entry path), computing after-values and link totals in one ordered pass, then proves the result
 * with the same invariant check the tests use.
 */
const { values: args } = parseArgs({
  options: {
    transactions: { type: 'string', default: '1000000' },
    customers: { type: 'string', default: '2000' },
    casinos: { type: 'string', default: '50' },
    days: { type: 'string', default: '730' },
  },
});
const nTx = Number(args.transactions);
const nCustomers = Number(args.customers);
const nCasinos = Number(args.casinos);
const days = Number(args.days);
if (![nTx, nCustomers, nCasinos, days].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('seed:bulk takes positive whole numbers: --transactions N --customers N --casinos N [--days N]');
  process.exit(2);
}

const started = performance.now();
const config = loadCliConfig();
const lock = lockForCommand(config.databasePath);
const { db, sqlite, close } = openDatabase(config.databasePath);
await migrateToLatest(db);
const existing = sqlite.prepare('select (select count(*) from customers) + (select count(*) from transactions) n').get() as { n: number };
if (existing.n > 0) {
  console.error(`${config.databasePath} already holds data; seed:bulk fills only an empty database.`);
  process.exit(1);
}
await ensureFirstAdmin(db, config, (text) => console.log(text));
const adminId = (sqlite.prepare('select id from users order by id limit 1').get() as { id: number }).id;
sqlite.pragma('synchronous = OFF');

let seed = 20261121;
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
const now = new Date().toISOString();
const TYPE_NAMES = ['Purchase', 'Withdraw', 'Bonus', 'Check-in', 'Promo'];

const casinoRatios: number[] = [];
const typeIds: number[][] = [];
type Pair = { customerId: number; casinoId: number };
const pairs: Pair[] = [];
sqlite.transaction(() => {
  const insCasino = sqlite.prepare('insert into casinos (name, website, isActive, scRatio, createdAt) values (?, ?, 1, ?, ?)');
  const insType = sqlite.prepare('insert into transactionTypes (name, casinoId) values (?, ?)');
  for (let k = 1; k <= nCasinos; k++) {
    const ratio = k % 10 === 0 ? 100 : 1000;
    const id = Number(insCasino.run(`Casino ${String(k).padStart(3, '0')}`, `https://casino${k}.example.com`, ratio, now).lastInsertRowid);
    casinoRatios[id] = ratio;
    typeIds[id] = TYPE_NAMES.map((name) => Number(insType.run(name, id).lastInsertRowid));
  }
  const insCustomer = sqlite.prepare('insert into customers (name, email, isActive, createdAt) values (?, ?, 1, ?)');
  const insLink = sqlite.prepare("insert into customerCasinos (customerId, casinoId, status) values (?, ?, 'active')");
  for (let c = 1; c <= nCustomers; c++) {
    const id = Number(insCustomer.run(`Customer ${String(c).padStart(5, '0')}`, `customer${c}@example.com`, now).lastInsertRowid);
    for (let k = 1; k <= nCasinos; k++) {
      if (rand() < 0.8) {
        insLink.run(id, k);
        pairs.push({ customerId: id, casinoId: k });
      }
    }
  }
})();

// Dates rise with the row number, so each pair's running sum is built in one pass.
const balance = new Map<number, { u: number; p: number; d: number; n: number; last: string }>();
const start = Date.now() - days * 86_400_000;
const step = (days * 86_400_000) / nTx;
const insTx = sqlite.prepare(
  `insert into transactions (date, customerId, casinoId, transactionTypeId, unplayedCoinsChange, playedCoinsChange, usdChange,
     purchaseRatio, unplayedCoinsAfter, playedCoinsAfter, totalCoinsAfter, createdByUserId, createdAt, updatedAt)
   values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
/** Books one row on a pair: its running balance moves by the changes and the row carries the after-values. */
function book(date: string, pair: Pair, typeId: number, u: number, p: number, d: number, ratio: number | null): number {
  const key = pair.customerId * 100_000 + pair.casinoId;
  const b = balance.get(key) ?? { u: 0, p: 0, d: 0, n: 0, last: date };
  b.u += u;
  b.p += p;
  b.d += d;
  b.n += 1;
  // Rows are booked in date order: the last booked is the pair's latest.
  b.last = date;
  balance.set(key, b);
  return Number(
    insTx.run(date, pair.customerId, pair.casinoId, typeId, u, p, d, ratio, b.u, b.p, b.u + b.p, adminId, date, date).lastInsertRowid,
  );
}
const CHUNK = 50_000;
// Redemptions (requested, then received, rejected or cancelled when due) and daily check-ins.
const motion = new BulkMotion(sqlite, rand, config.timeZone, adminId, typeIds, casinoRatios);
for (let from = 0; from < nTx; from += CHUNK) {
  sqlite.transaction(() => {
    for (let i = from; i < Math.min(from + CHUNK, nTx); i++) {
      const date = new Date(start + i * step).toISOString();
      const due = motion.due(date);
      if (due) {
        const row = motion.finish(due, date);
        row.id = book(date, due, row.typeId, row.u, 0, row.d, null);
        motion.finished(due, row.id);
        continue;
      }
      const pair = pairs[Math.floor(rand() * pairs.length)];
      const key = pair.customerId * 100_000 + pair.casinoId;
      const kind = Math.floor(rand() * TYPE_NAMES.length);
      const dollars = 5 + Math.floor(rand() * 195);
      const ratio = casinoRatios[pair.casinoId];
      let u = 0;
      let p = 0;
      let d = 0;
      const request = motion.maybeRequest(pair, date, balance.get(key));
      if (request) {
        motion.requested(request, book(date, pair, typeIds[pair.casinoId][1], -request.coins, 0, 0, null));
        continue;
      }
      if (kind === 0) {
        d = -dollars * 100;
        u = Math.round(dollars * ratio * (0.95 + rand() * 0.4)) * 100;
      } else if (kind === 1) {
        d = dollars * 100;
        p = -dollars * ratio * 100;
      } else if (kind === 3) {
        // A daily check-in: a small SC bonus.
        u = 20 + Math.floor(rand() * 480);
      } else if (kind === 4) {
        // Play: unplayed coins become played ones.
        u = -Math.floor(rand() * 500_000);
        p = -u;
      } else {
        u = Math.floor(rand() * 200_000);
      }
      book(date, pair, typeIds[pair.casinoId][kind], u, p, d, purchaseRatio(u, d, ratio));
    }
  })();
}

const updLink = sqlite.prepare(
  'update customerCasinos set currentUnplayedCoins = ?, currentPlayedCoins = ?, usdTotal = ?, transactionCount = ?, lastActivityAt = ? where customerId = ? and casinoId = ?',
);
sqlite.transaction(() => {
  for (const [key, b] of balance) updLink.run(b.u, b.p, b.d, b.n, b.last, Math.floor(key / 100_000), key % 100_000);
})();
motion.save();
rebuildTotals(sqlite);
sqlite.pragma('synchronous = FULL');
sqlite.exec('analyze');
const seeded = performance.now();

const report = await checkLedger(db);
const checked = performance.now();
console.log(
  `Seeded ${nTx} transactions, ${nCustomers} customers, ${nCasinos} casinos, ${pairs.length} links into ${config.databasePath} in ${((seeded - started) / 1000).toFixed(1)} s.`,
);
console.log(`Money in motion: ${motion.counts}.`);
console.log(
  `Ledger invariants: ${ledgerIsSound(report) ? 'hold' : `BROKEN ${JSON.stringify(report)}`} (checked in ${((checked - seeded) / 1000).toFixed(1)} s).`,
);
await close();
lock.release();
if (!ledgerIsSound(report)) process.exit(1);
