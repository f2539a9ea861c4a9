import { describe, expect, it } from 'vitest';
import { withTwoPairs, type TestServer, type TestUser } from '../../testing/test-server';
import { entryOf, type Pair } from '../../testing/fixtures';
import { expectFieldErrors, inject } from '../../testing/rest';
import { createEntry } from '../transactions/ledger';
import { insertType } from './transaction-types.repository';
import type { Db } from '../../db/types';

/**
 * Two casinos, each with its own "Purchase" (the fixture's) and a Bonus at A: three purchases at A, two at
 * B (one on 2 March), one bonus at A.
 */
async function ledgerOfTwoCasinos(db: Db, a: Pair, b: Pair, staff: TestUser) {
  const bonus = await insertType(db, { name: 'Bonus', casinoId: a.casino.id });
  const at = (day: number, hour: number) => new Date(Date.UTC(2026, 2, day, 12, hour));
  const rows = [
    [entryOf(a, { unplayedCoinsChange: 1000, usdChange: -100 }), at(1, 0)],
    [entryOf(a, { unplayedCoinsChange: 2000, usdChange: -250 }), at(1, 1)],
    [entryOf(a, { unplayedCoinsChange: 3000, usdChange: -300 }), at(1, 2)],
    [entryOf(b, { unplayedCoinsChange: 4000, usdChange: -475 }), at(1, 3)],
    [entryOf(b, { unplayedCoinsChange: 5000, usdChange: -525 }), at(2, 0)],
    [{ ...entryOf(a, { playedCoinsChange: 700 }), transactionTypeId: bonus.id }, at(1, 4)],
  ] as const;
  for (const [entry, when] of rows) await createEntry(db, entry, { userId: staff.id, now: when });
  return bonus;
}

const get = (s: TestServer, user: TestUser, url: string) => inject(s.app, 'GET', url, user.auth);

describe('a type name across casinos ("Purchase (all casinos)")', () => {
  it('History, REST and the export find every casino’s Purchase and nothing else, counted alike', async () => {
    await withTwoPairs(async ({ s, db, a, b, staff }) => {
      await ledgerOfTwoCasinos(db, a, b, staff);
      const api = s.caller(staff);

      const all = await api.transactions.list({ typeName: 'purchase' });
      expect(all.totalCount).toBe(5);
      expect(all.transactions.map((t) => [t.casino.name, t.transactionType.name, t.usdChange])).toEqual([
        [b.casino.name, 'Purchase', '-5.25'],
        [b.casino.name, 'Purchase', '-4.75'],
        [a.casino.name, 'Purchase', '-3.00'],
        [a.casino.name, 'Purchase', '-2.50'],
        [a.casino.name, 'Purchase', '-1.00'],
      ]);
      const oneDay = await api.transactions.list({ typeName: 'Purchase', startDate: '2026-03-02', endDate: '2026-03-02' });
      expect([oneDay.totalCount, oneDay.transactions.map((t) => t.usdChange)]).toEqual([1, ['-5.25']]);
      const atA = await api.transactions.list({ typeName: 'Purchase', casinoId: a.casino.id, sort: 'usd' });
      expect([atA.totalCount, atA.transactions.map((t) => t.usdChange)]).toEqual([3, ['-3.00', '-2.50', '-1.00']]);
      expect((await api.transactions.list({ typeName: 'Refund' })).totalCount).toBe(0);

      const rest = await get(s, staff, '/api/transactions?typeName=Purchase&limit=2');
      expect(rest.statusCode).toBe(200);
      expect(rest.json()).toMatchObject({ totalCount: 5, transactions: [{ usdChange: '-5.25' }, { usdChange: '-4.75' }] });

      const csv = await get(s, staff, '/api/exports/transactions.csv?typeName=Purchase');
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trim().split(/\r?\n/);
      expect(lines).toHaveLength(6);
      expect(lines.slice(1).map((l) => l.split(',')[6])).toEqual(['-5.25', '-4.75', '-3', '-2.5', '-1']);
    });
  });

  it('the Transaction Types report and its export total every casino’s Purchase, per type and overall', async () => {
    await withTwoPairs(async ({ s, db, a, b, staff }) => {
      await ledgerOfTwoCasinos(db, a, b, staff);
      const api = s.caller(staff);
      const rows = await api.reports.transactionTypes({ typeName: 'Purchase' });
      expect(rows.map((r) => [r.casinoName, r.usdChange, r.transactionCount, r.totalUSD])).toEqual([
        [b.casino.name, '-5.25', 2, '-10.00'],
        [b.casino.name, '-4.75', 2, '-10.00'],
        [a.casino.name, '-3.00', 3, '-6.50'],
        [a.casino.name, '-2.50', 3, '-6.50'],
        [a.casino.name, '-1.00', 3, '-6.50'],
      ]);
      // The screen reads a page at a time (newest first, or in its sort); the cards' summary covers them all.
      const usd = (page: { usdChange: string }[]) => page.map((r) => r.usdChange);
      expect(usd(await api.reports.transactionTypes({ typeName: 'Purchase', limit: 2, offset: 2 }))).toEqual(['-3.00', '-2.50']);
      expect(usd(await api.reports.transactionTypes({ typeName: 'Purchase', limit: 2, offset: 4 }))).toEqual(['-1.00']);
      expect(usd(await api.reports.transactionTypes({ typeName: 'Purchase', sort: 'usd', limit: 2, offset: 1 }))).toEqual([
        '-4.75',
        '-3.00',
      ]);
      expect(await api.reports.transactionTypesSummary({ typeName: 'Purchase', limit: 2, offset: 4 })).toMatchObject({
        transactionCount: 5,
      });
      const restPage = await get(s, staff, '/api/reports/transaction-types?typeName=Purchase&limit=2&offset=2');
      expect(usd(restPage.json())).toEqual(['-3.00', '-2.50']);
      const summary = await api.reports.transactionTypesSummary({ typeName: 'Purchase', startDate: '2026-03-01' });
      expect(summary).toMatchObject({ transactionCount: 5, totalUSD: '-16.50', uniqueCustomers: 2 });
      const byCount = <T extends { transactionCount: number }>(rows: T[]) =>
        [...rows].sort((x, y) => y.transactionCount - x.transactionCount);
      expect(byCount(summary.byType).map((t) => [t.casinoName, t.transactionCount, t.totalUSD])).toEqual([
        [a.casino.name, 3, '-6.50'],
        [b.casino.name, 2, '-10.00'],
      ]);
      const report = await get(s, staff, '/api/reports/transaction-types?typeName=Bonus');
      expect(report.json().map((r: { playedCoinsChange: string }) => r.playedCoinsChange)).toEqual(['7.00']);

      const csv = await get(s, staff, '/api/exports/transaction-types.csv?typeName=Purchase');
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trim().split(/\r?\n/);
      // One row per casino's Purchase: Transaction Type, Casino, Transaction Count, Total USD, ...
      const perType = lines.slice(1).map((l) => l.split(',').slice(0, 4));
      expect(perType.sort((x, y) => Number(y[2]) - Number(x[2]))).toEqual([
        ['Purchase', a.casino.name, '3', '-6.5'],
        ['Purchase', b.casino.name, '2', '-10'],
      ]);
    });
  });

  it('refuses an empty or too long name, and a type with a type name, naming typeName; writes nothing', async () => {
    await withTwoPairs(async ({ s, a, staff }) => {
      expectFieldErrors(await get(s, staff, '/api/transactions?typeName=%20%20'), [
        { path: 'typeName', message: 'Type name is empty: leave it out for every type' },
      ]);
      expectFieldErrors(await get(s, staff, `/api/reports/transaction-types?typeName=${'x'.repeat(101)}`), [
        { path: 'typeName', message: 'Type name is at most 100 characters' },
      ]);
      expectFieldErrors(await get(s, staff, `/api/transactions?typeName=Purchase&transactionTypeId=${a.type.id}`), [
        { path: 'typeName', message: 'Filter by a type or by a type name, not both' },
      ]);
      const exp = await get(s, staff, `/api/exports/transactions.csv?typeName=Purchase&transactionTypeId=${a.type.id}`);
      expect(exp.statusCode).toBe(400);
    });
  });
});

describe('copying a casino’s transaction types to another', () => {
  it('creates the names the casino lacks in one step, skips those it has (letter case aside), and audits each', async () => {
    await withTwoPairs(async ({ s, db, a, b, staff }) => {
      for (const name of ['Bonus', 'Withdraw', 'Check-in']) await insertType(db, { name, casinoId: a.casino.id });
      await insertType(db, { name: 'bonus', casinoId: b.casino.id });
      const res = await inject(s.app, 'POST', `/api/casinos/${b.casino.id}/copy-types`, staff.auth, { fromCasinoId: a.casino.id });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ skipped: 2, created: [{ name: 'Check-in' }, { name: 'Withdraw' }] });
      const names = (await s.caller(staff).transactionTypes.list({ casinoId: b.casino.id })).map((t) => t.name);
      expect(names).toEqual(['Check-in', 'Purchase', 'Withdraw', 'bonus']);
      const audit = await db
        .selectFrom('auditLog')
        .select(['action', 'entity', 'after', 'userId'])
        .where('entity', '=', 'transactionType')
        .where('userId', '=', staff.id)
        .execute();
      expect(audit.map((e) => [e.action, JSON.parse(e.after ?? '{}').name, JSON.parse(e.after ?? '{}').copiedFromCasinoId])).toEqual([
        ['create', 'Check-in', a.casino.id],
        ['create', 'Withdraw', a.casino.id],
      ]);
      // Again: nothing left to create.
      const again = await s.caller(staff).casinos.copyTypes({ id: b.casino.id, fromCasinoId: a.casino.id });
      expect([again.created.length, again.skipped]).toEqual([0, 4]);
    });
  });

  it('refuses the same casino, a missing one and a casino with no types, naming fromCasinoId; writes nothing', async () => {
    await withTwoPairs(async ({ s, db, a, b, staff }) => {
      const post = (id: number, payload: object) => inject(s.app, 'POST', `/api/casinos/${id}/copy-types`, staff.auth, payload);
      expectFieldErrors(await post(a.casino.id, { fromCasinoId: a.casino.id }), [
        { path: 'fromCasinoId', message: 'Choose another casino to copy from' },
      ]);
      expectFieldErrors(await post(a.casino.id, {}), [{ path: 'fromCasinoId', message: 'Choose a casino to copy from' }]);
      expectFieldErrors(await post(a.casino.id, { fromCasinoId: 9999 }), [
        { path: 'fromCasinoId', message: 'Casino to copy from not found' },
      ]);
      expect((await post(9999, { fromCasinoId: a.casino.id })).statusCode).toBe(404);
      await db.deleteFrom('transactionTypes').where('casinoId', '=', b.casino.id).execute();
      expectFieldErrors(await post(a.casino.id, { fromCasinoId: b.casino.id }), [
        { path: 'fromCasinoId', message: 'That casino has no transaction types to copy' },
      ]);
      expect((await s.caller(staff).transactionTypes.list({ casinoId: a.casino.id })).map((t) => t.name)).toEqual(['Purchase']);
      expect((await inject(s.app, 'POST', `/api/casinos/${b.casino.id}/copy-types`, {}, { fromCasinoId: a.casino.id })).statusCode).toBe(
        401,
      );
    });
  });
});
