import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEDGER_LIMIT } from '../../../shared/ledger';
import { entryOf, linkBalances, pairFixture, type Pair } from '../../testing/fixtures';
import { createTestServer, type TestServer, type TestUser } from '../../testing/test-server';
import { checkLedger, ledgerIsSound } from './invariants';

// The ledger's limit (decision 090): no write takes a balance, an after-value or a kept total past
// ±100,000,000,000.00. Each refusal is a 400 naming the request's field, writes nothing, and the ledger
// check still holds (before, 45,100 imported rows of 999,999,999.99 took a balance past 2^53 and ended
// verified backups).
let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let alice: Pair;
let bob: Pair;
beforeEach(async () => {
  s = await createTestServer({ timeZone: 'UTC' });
  staff = await s.addUser('staff');
  admin = await s.addUser('admin');
  alice = await pairFixture(s.database.db, { customerName: 'Alice', casinoName: 'Lucky' });
  bob = await pairFixture(s.database.db, { customerName: 'Bob', casinoName: 'Other' });
});
afterEach(() => s.stop());

const past = (what: string) => `This would take ${what} past ±100,000,000,000.00, the most the ledger keeps`;
const today = () => new Date().toISOString().slice(0, 10);
/** Alice's unplayed coins after an entry of today (the after-values are checked as each is computed). */
const UNPLAYED_TODAY = () => past(`the customer's unplayed coins at this casino on ${today()}`);
const BILLION = '1000000000.00';

const HEADER = 'Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change';
/** `n` import rows of Alice at Lucky on 2026-10-01 from 10:00 on, a minute apart. */
const rows = (n: number, unplayed: string, usd = '0', customer = 'Alice', casino = 'Lucky') =>
  Array.from({ length: n }, (_, i) => {
    const at = new Date(Date.UTC(2026, 9, 1, 10, i)).toISOString();
    return `${at},${customer},${casino},Purchase,${unplayed},0,${usd}`;
  });
const importRows = (lines: string[], query = '') =>
  s.app.inject({
    method: 'POST',
    url: `/api/import/transactions${query}`,
    headers: { ...staff.auth, 'content-type': 'text/csv' },
    payload: `${HEADER}\r\n${lines.join('\r\n')}\r\n`,
  });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, user = staff) =>
  s.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
const entry = (pair: Pair, changes: { unplayedCoinsChange?: string; playedCoinsChange?: string; usdChange?: string }) =>
  entryOf<string>(pair, { unplayedCoinsChange: '0', playedCoinsChange: '0', usdChange: '0', ...changes });

/** Everything a refused write must leave as it was: the rows, the audit trail, the links, the kept totals. */
function snapshot() {
  const q = (sql: string) => s.database.sqlite.prepare(sql).all();
  return {
    transactions: q(
      'select id, date, "unplayedCoinsChange", "usdChange", "unplayedCoinsAfter", "totalCoinsAfter" from transactions order by id',
    ),
    audit: q('select count(*) n from "auditLog"'),
    links: q(
      'select "customerId", "casinoId", "currentUnplayedCoins", "currentPlayedCoins", "usdTotal", "transactionCount" from "customerCasinos"',
    ),
    totals: q('select * from "dayTotals" union all select day, "transactionCount", "usdTotal" from "dayTypeTotals"'),
    hours: q('select * from "hourTotals"'),
    casinos: q('select * from "casinoBalances"'),
    redemptions: q('select id, status from redemptions'),
  };
}

async function expectRefused(res: { statusCode: number; json: () => unknown }, before: ReturnType<typeof snapshot>, errors: object[]) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ errors });
  expect(snapshot()).toEqual(before);
  const check = await checkLedger(s.database.db);
  expect(ledgerIsSound(check), JSON.stringify(check)).toBe(true);
}

/** Alice at Lucky gets 100 imported rows of 1,000,000,000.00 (the import's bulk path): the limit, with what she held. */
async function aliceAtTheLimit(expected = LEDGER_LIMIT) {
  const res = await importRows(rows(100, BILLION));
  expect(res.statusCode, res.body).toBe(201);
  expect((await linkBalances(s.database.db, alice.customer.id, alice.casino.id)).currentUnplayedCoins).toBe(expected);
}

describe("the ledger's limit", () => {
  it('refuses an import whose rows would take a balance past it, naming the column, and writes nothing', async () => {
    const before = snapshot();
    const res = await importRows(rows(101, BILLION));
    await expectRefused(res, before, [
      { path: 'unplayedCoinsChange', message: past("the customer's unplayed coins at this casino on 2026-10-01") },
    ]);
    // A dry run says so too, before anything is written.
    await expectRefused(await importRows(rows(101, BILLION), '?dryRun=true'), before, [{ path: 'unplayedCoinsChange' }]);
    await aliceAtTheLimit();
  });

  it("refuses an import whose rows would take the link's USD total past it, each day and type within it, dry run or not", async () => {
    s.database.sqlite.prepare(`insert into "transactionTypes" (name, "casinoId") values ('Bonus', ?)`).run(alice.casino.id);
    const second = rows(50, '0', BILLION).map((line) => line.replace('2026-10-01', '2026-10-02').replace('Purchase', 'Bonus'));
    const before = snapshot();
    for (const query of ['', '?dryRun=true']) {
      await expectRefused(await importRows([...rows(51, '0', BILLION), ...second], query), before, [
        { path: 'usdChange', message: past("the customer's USD total at this casino") },
      ]);
    }
    expect((await importRows([...rows(50, '0', BILLION), ...second])).statusCode).toBe(201);
    expect((await linkBalances(s.database.db, alice.customer.id, alice.casino.id)).usdTotal).toBe(LEDGER_LIMIT);
  });

  it('refuses an entry one cent past it, over REST and tRPC, and takes one that moves back', async () => {
    await aliceAtTheLimit();
    const before = snapshot();
    await expectRefused(await send('POST', '/api/transactions', entry(alice, { unplayedCoinsChange: '0.01' })), before, [
      {
        path: 'unplayedCoinsChange',
        message: UNPLAYED_TODAY(),
      },
    ]);
    await expect(s.caller(staff).transactions.create(entry(alice, { unplayedCoinsChange: '0.01' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    // The total coins count too: played coins beside unplayed ones at the limit.
    await expectRefused(await send('POST', '/api/transactions', entry(alice, { playedCoinsChange: '0.01' })), before, [
      { path: 'unplayedCoinsChange' },
      { path: 'playedCoinsChange' },
    ]);
    const back = await send('POST', '/api/transactions', entry(alice, { unplayedCoinsChange: '-0.01' }));
    expect(back.statusCode).toBe(201);
    expect(back.json()).toMatchObject({ unplayedCoinsAfter: '99999999999.99' });
  });

  it('refuses an edit that adds to the balance or moves an entry onto the full pair, and keeps one that only changes the type', async () => {
    const negative = (await send('POST', '/api/transactions', entry(alice, { unplayedCoinsChange: '-5.00' }))).json() as { id: number };
    await aliceAtTheLimit(LEDGER_LIMIT - 500);
    expect((await send('POST', '/api/transactions', entry(alice, { unplayedCoinsChange: '5.00' }))).statusCode).toBe(201);
    const bobs = (await send('POST', '/api/transactions', entry(bob, { unplayedCoinsChange: '5.00' }))).json() as { id: number };
    const before = snapshot();
    await expectRefused(await send('PATCH', `/api/transactions/${negative.id}`, entry(alice, { unplayedCoinsChange: '-4.99' })), before, [
      { path: 'unplayedCoinsChange', message: UNPLAYED_TODAY() },
    ]);
    // Bob's entry moved to Alice's pair (Lucky's Purchase type).
    await expectRefused(await send('PATCH', `/api/transactions/${bobs.id}`, entry(alice, { unplayedCoinsChange: '5.00' })), before, [
      { path: 'unplayedCoinsChange', message: UNPLAYED_TODAY() },
    ]);
    // An edit takes its old values out (here -5.00: the link passes the limit for a moment) and puts its
    // new ones in: only where each value ends counts.
    const bonus = s.database.sqlite.prepare(`insert into "transactionTypes" (name, "casinoId") values ('Bonus', ?)`).run(alice.casino.id);
    const retyped = await send('PATCH', `/api/transactions/${negative.id}`, {
      ...entry(alice, { unplayedCoinsChange: '-5.00' }),
      transactionTypeId: Number(bonus.lastInsertRowid),
    });
    expect(retyped.statusCode, retyped.body).toBe(200);
    expect(await linkBalances(s.database.db, alice.customer.id, alice.casino.id)).toMatchObject({ currentUnplayedCoins: LEDGER_LIMIT });
  });

  it('refuses a delete and an undo (restore) that would pass it, naming the id', async () => {
    const restorable = (await send('POST', '/api/transactions', entry(alice, { unplayedCoinsChange: '5.00' }))).json() as { id: number };
    expect((await send('DELETE', `/api/transactions/${restorable.id}`)).statusCode).toBe(204);
    const deletable = (await send('POST', '/api/transactions', entry(alice, { unplayedCoinsChange: '-5.00' }))).json() as { id: number };
    await aliceAtTheLimit(LEDGER_LIMIT - 500);
    expect((await send('POST', '/api/transactions', entry(alice, { unplayedCoinsChange: '5.00' }))).statusCode).toBe(201);
    const before = snapshot();
    await expectRefused(await send('DELETE', `/api/transactions/${deletable.id}`), before, [{ path: 'id' }]);
    await expectRefused(await send('POST', `/api/transactions/${restorable.id}/restore`), before, [
      { path: 'id', message: UNPLAYED_TODAY() },
    ]);
  });

  it("refuses an import and an entry that would take a day's USD total over every casino past it", async () => {
    const empty = snapshot();
    // The import's bulk path keeps the same totals: one row more than the day can take, over two casinos.
    await expectRefused(await importRows([...rows(50, '0', BILLION), ...rows(51, '0', BILLION, 'Bob', 'Other')]), empty, [
      { path: 'usdChange', message: past('the USD total of 2026-10-01 (UTC)') },
    ]);
    const res = await importRows([...rows(50, '0', BILLION), ...rows(50, '0', BILLION, 'Bob', 'Other')]);
    expect(res.statusCode, res.body).toBe(201);
    const before = snapshot();
    // Each link and each type holds half the limit; 2026-10-01 over both casinos holds all of it.
    const late = { ...entry(bob, { usdChange: '0.01' }), occurredAt: '2026-10-01T23:00:00Z' };
    await expectRefused(await send('POST', '/api/transactions', late), before, [
      { path: 'usdChange', message: past('the USD total of 2026-10-01 (UTC)') },
    ]);
    const nextDay = { ...late, occurredAt: '2026-10-02T09:00:00Z' };
    expect((await send('POST', '/api/transactions', nextDay)).statusCode).toBe(201);
  });

  it('refuses a check-in and a reconciliation that would pass it', async () => {
    await aliceAtTheLimit();
    const before = snapshot();
    await expectRefused(
      await send('POST', '/api/check-ins', { customerId: alice.customer.id, casinoId: alice.casino.id, unplayedCoins: '0.01' }),
      before,
      [
        {
          path: 'unplayedCoins',
          message: UNPLAYED_TODAY(),
        },
      ],
    );
    // Bob at Lucky: his own balance is small, Lucky's over all its customers is not.
    await send('POST', '/api/customer-casinos', { customerId: bob.customer.id, casinoId: alice.casino.id, status: 'active' }, admin);
    const withBob = snapshot();
    await expectRefused(
      await send('POST', '/api/customer-casinos/reconcile', {
        customerId: bob.customer.id,
        casinoId: alice.casino.id,
        unplayedCoins: '5.00',
        playedCoins: '0',
      }),
      withBob,
      [{ path: 'unplayedCoins', message: past("the casino's unplayed coins over its customers") }],
    );
  });

  it("refuses a check-in that would take the day's check-ins past it, the link's balance far inside it", async () => {
    s.database.sqlite.prepare(`insert into "transactionTypes" (name, "casinoId") values ('Check-in', ?)`).run(alice.casino.id);
    // A billion in at every check-in, a billion out by a purchase half a minute later: the balance stays 0.
    const lines = rows(100, BILLION).flatMap((line) => {
      const checkIn = line.replace('Purchase', 'Check-in');
      return [checkIn, line.replace(':00.000Z', ':30.000Z').replace(`,${BILLION},`, `,-${BILLION},`)];
    });
    const res = await importRows(lines);
    expect(res.statusCode, res.body).toBe(201);
    expect((await linkBalances(s.database.db, alice.customer.id, alice.casino.id)).currentUnplayedCoins).toBe(0);
    const before = snapshot();
    const checkIn = {
      customerId: alice.customer.id,
      casinoId: alice.casino.id,
      unplayedCoins: '0.01',
      date: '2026-10-01',
      correction: true,
    };
    await expectRefused(await importRows(['2026-10-01T23:00:00.000Z,Alice,Lucky,Check-in,0.01,0,0']), before, [
      { path: 'unplayedCoinsChange', message: past("the customer's check-ins of 2026-10-01 at this casino") },
    ]);
    await expectRefused(await send('POST', '/api/check-ins', checkIn), before, [
      { path: 'unplayedCoins', message: past("the customer's check-ins of 2026-10-01 at this casino") },
    ]);
    expect((await send('POST', '/api/check-ins', { ...checkIn, date: '2026-10-02' })).statusCode).toBe(201);
  });

  it("refuses a redemption's receipt that would take the link's USD total past it", async () => {
    expect((await importRows(rows(100, '10.00', BILLION))).statusCode).toBe(201);
    const requested = await send('POST', '/api/redemptions', {
      customerId: alice.customer.id,
      casinoId: alice.casino.id,
      unplayedCoins: '10.00',
      expectedUsd: '10.00',
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const id = (requested.json() as { id: number }).id;
    const before = snapshot();
    await expectRefused(await send('POST', `/api/redemptions/${id}/receive`, { usdReceived: '0.01' }), before, [
      { path: 'usdReceived', message: past("the customer's USD total at this casino") },
    ]);
    expect((await send('POST', `/api/redemptions/${id}/receive`, { usdReceived: '0' })).statusCode).toBe(200);
  });
});
