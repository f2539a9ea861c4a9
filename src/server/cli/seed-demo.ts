import { loadCliConfig, lockForCommand } from './cli-support';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { insertCasino } from '../features/casinos/casinos.repository';
import { setLinkStatus } from '../features/customer-casinos/customer-casinos.repository';
import { insertCustomer } from '../features/customers/customers.repository';
import { insertType } from '../features/transaction-types/transaction-types.repository';
import { checkLedger, ledgerIsSound } from '../features/transactions/invariants';
import { createEntry } from '../features/transactions/ledger';
import { ensureFirstAdmin } from '../features/users/first-admin';
import { LINK_STATUSES } from '../../shared/constants';
import { DemoMotion } from './seed-demo-motion';
import { useOfficeZone } from '../features/check-ins/check-in-days';

// `npm run seed:demo`: a small, realistic data set in an empty database, through the real write path.
const FIRST = [
  'Alice',
  'Bruno',
  'Carmen',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jamal',
  'Kaia',
  'Liam',
  'Maya',
  'Nikolai',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
];
const LAST = ['Anders', 'Baker', 'Castillo', 'Dubois', 'Evans', 'Fischer', 'García', 'Huang', 'Ivanova', 'Jensen', 'Kowalski', 'López'];
const CASINOS = [
  'Chumba',
  'LuckyLand',
  'Stake.us',
  'Pulsz',
  'WOW Vegas',
  'High 5',
  'Fortune Coins',
  'McLuck',
  'Funrize',
  'Zula',
  'Crown Coins',
  'Modo',
];
const TYPES = ['Purchase', 'Withdraw', 'Bonus', 'Check-in', 'Promo'];

function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

async function main() {
  const config = loadCliConfig();
  const lock = lockForCommand(config.databasePath);
  const { db, sqlite, close } = openDatabase(config.databasePath);
  await migrateToLatest(db);
  // Check-in days in the office time zone, as the server keeps them (decision 061).
  useOfficeZone(sqlite, config.timeZone);
  const existing = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const customersBefore = await db.selectFrom('customers').select('id').limit(1).execute();
  if (Number(existing.n) > 0 || customersBefore.length > 0) {
    console.error(`${config.databasePath} already holds data; seed:demo fills only an empty database.`);
    process.exit(1);
  }
  await ensureFirstAdmin(db, config, (text) => console.log(text));
  const admin = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  sqlite.pragma('synchronous = NORMAL');
  const rand = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];

  const casinos = [];
  for (const [i, name] of CASINOS.entries()) {
    const casino = await insertCasino(db, {
      name,
      website: `https://www.${name.toLowerCase().replace(/[^a-z0-9]/g, '')}.example.com`,
      isActive: i !== CASINOS.length - 1,
      scRatio: i % 5 === 0 ? 100 : 1000,
    });
    const types = [];
    for (const t of TYPES) types.push(await insertType(db, { name: t, casinoId: casino.id }));
    casinos.push({ casino, types });
  }
  const pairs: { customerId: number; casinoId: number; types: (typeof casinos)[number]['types']; scRatio: number }[] = [];
  for (let i = 0; i < 36; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    const customer = await insertCustomer(db, {
      name: `${first} ${last}`,
      email:
        i % 6 === 5
          ? null
          : `${first}.${last}${i}@example.com`
              .toLowerCase()
              .normalize('NFD')
              .replace(/[\u0300-\u036f]/g, ''),
    });
    if (i % 17 === 16) await db.updateTable('customers').set({ isActive: 0 }).where('id', '=', customer.id).execute();
    for (const { casino, types } of casinos) {
      const roll = rand();
      if (roll < 0.25) continue;
      const status = roll < 0.85 ? 'active' : pick(LINK_STATUSES);
      await setLinkStatus(db, customer.id, casino.id, status);
      if (status === 'active' && casino.isActive && i % 17 !== 16)
        pairs.push({ customerId: customer.id, casinoId: casino.id, types, scRatio: casino.scRatio });
    }
  }

  // Balances are tracked so withdrawals and play never take more than the pair holds.
  const count = 3000;
  const start = Date.now() - 120 * 86_400_000;
  const held = new Map<string, { unplayed: number; played: number }>();
  const motion = new DemoMotion(db, admin.id, config.timeZone, rand);
  for (let i = 0; i < count; i++) {
    const pair = pick(pairs);
    const when = new Date(start + (i / count) * 120 * 86_400_000);
    await motion.finishDue(when, held);
    await motion.maybeRequest(pair, held, when, i);
    const key = `${pair.customerId}:${pair.casinoId}`;
    const balance = held.get(key) ?? { unplayed: 0, played: 0 };
    const dollars = Math.round(5 + rand() * 195);
    const perDollar = pair.scRatio * 100;
    let name = pick(TYPES);
    if (name === 'Withdraw' && balance.played + balance.unplayed < dollars * perDollar) name = 'Purchase';
    let f: { unplayedCoinsChange: number; playedCoinsChange: number; usdChange: number };
    if (name === 'Purchase') {
      const bonus = 1 + rand() * 0.4 - 0.05;
      f = { usdChange: -dollars * 100, unplayedCoinsChange: Math.round(dollars * pair.scRatio * bonus) * 100, playedCoinsChange: 0 };
    } else if (name === 'Withdraw') {
      // Played coins first, then unplayed ones.
      const played = Math.min(balance.played, dollars * perDollar);
      f = { usdChange: dollars * 100, unplayedCoinsChange: played - dollars * perDollar, playedCoinsChange: -played };
    } else if (name === 'Check-in') {
      // A daily bonus, as the check-in board records them (0.50 to 5.00 SC).
      f = { usdChange: 0, unplayedCoinsChange: 10 * (5 + Math.floor(rand() * 46)), playedCoinsChange: 0 };
    } else {
      f = { usdChange: 0, unplayedCoinsChange: Math.round(rand() * 2000) * 100 + Math.round(rand() * 99), playedCoinsChange: 0 };
    }
    balance.unplayed += f.unplayedCoinsChange;
    balance.played += f.playedCoinsChange;
    held.set(key, balance);
    const type = pair.types.find((t) => t.name === name)!;
    await createEntry(
      db,
      { customerId: pair.customerId, casinoId: pair.casinoId, transactionTypeId: type.id, ...f },
      { userId: admin.id, now: when },
    );
  }
  await motion.finishDue(new Date(), held);
  const checkIns = await motion.checkIns(pairs, new Date());
  sqlite.pragma('synchronous = FULL');
  const report = await checkLedger(db);
  console.log(
    `Seeded ${CASINOS.length} casinos, 36 customers, ${pairs.length} active links, ${count} transactions, ${checkIns} check-ins and redemptions in every status into ${config.databasePath}.`,
  );
  console.log(`Ledger invariants: ${ledgerIsSound(report) ? 'hold' : `BROKEN ${JSON.stringify(report)}`}`);
  await close();
  lock.release();
}

await main();
