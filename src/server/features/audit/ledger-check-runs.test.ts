import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';
import { inject, type Method } from '../../testing/rest';
import { type LedgerCheckResult, runLedgerCheck } from '../transactions/ledger-check';
import { FAILED_CHECK, ledgerCheckRuns } from './ledger-check-runs';
import type { Pair } from '../../testing/fixtures';

// The on-demand ledger check as a job (decision 087): started, polled, its result recorded as before.
let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let pair: Pair;
const errors: unknown[] = [];
beforeEach(async () => {
  ({ s, staff, admin, pair } = await aliceAtLucky({ timeZone: 'UTC' }));
  errors.length = 0;
});
afterEach(() => s.stop());

const call = (method: Method, url: string, who: { auth: Record<string, string> }) => inject(s.app, method, url, who.auth);

/** A check that ends when the test says: with the real check's result, or a failure. */
function heldCheck(waitMs = 50) {
  let finish: (fail?: boolean) => void = () => {};
  const check = () =>
    new Promise<LedgerCheckResult>((resolve, reject) => {
      finish = (fail) => (fail ? reject(new Error('disk I/O error')) : resolve(runLedgerCheck(s.database.db)));
    });
  s.services.ledgerChecks = ledgerCheckRuns(s.database.db, check, { error: (o) => errors.push(o) }, waitMs);
  return { finish: (fail?: boolean) => finish(fail) };
}

const entry = () => ({
  customerId: pair.customer.id,
  casinoId: pair.casino.id,
  transactionTypeId: pair.type.id,
  unplayedCoinsChange: '22000.00',
  playedCoinsChange: '0.00',
  usdChange: '-20.00',
});

describe('the on-demand ledger check', () => {
  it('is started by POST, joined while it runs, polled by its id to its recorded result', async () => {
    await inject(s.app, 'POST', '/api/transactions', staff.auth, entry());
    const held = heldCheck();
    expect((await call('POST', '/api/admin/ledger-check', staff)).statusCode).toBe(403);
    const started = await call('POST', '/api/admin/ledger-check', admin);
    expect(started.statusCode).toBe(202);
    const run = started.json<{ id: number; state: string; startedAt: string; trigger: string }>();
    expect(run).toEqual({ id: 1, state: 'running', startedAt: expect.any(String), trigger: 'on-demand' });
    // Asked again while it runs: the same check, not a second one.
    expect((await call('POST', '/api/admin/ledger-check', admin)).json()).toEqual(run);
    const polled = await call('GET', `/api/admin/ledger-check?id=${run.id}`, admin);
    expect([polled.statusCode, polled.json()]).toEqual([202, run]);
    held.finish();
    await new Promise((r) => setTimeout(r, 20));
    const done = await call('GET', `/api/admin/ledger-check?id=${run.id}`, admin);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      id: 1,
      state: 'done',
      startedAt: run.startedAt,
      ok: true,
      checkedTransactions: 1,
      problems: [],
      at: expect.any(String),
      trigger: 'on-demand',
    });
    expect(await s.caller(admin).audit.lastLedgerCheck()).toMatchObject({ ok: true, checkedTransactions: 1, trigger: 'on-demand' });
    // Over tRPC, as the Dashboard asks.
    expect(await s.caller(admin).audit.ledgerCheckRun({ id: 1 })).toMatchObject({ state: 'done', ok: true });
    const unknown = await call('GET', '/api/admin/ledger-check?id=99', admin);
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { message: 'No such ledger check: it ended long ago, or before a restart' },
    ]);
    expect((await call('GET', '/api/admin/ledger-check?id=x', admin)).statusCode).toBe(400);
  });

  it('answers a plain GET with the result when the check ends in time, else with the running check to poll', async () => {
    const quick = await call('GET', '/api/admin/ledger-check', admin);
    expect(quick.statusCode).toBe(200);
    expect(quick.json()).toMatchObject({ state: 'done', ok: true, checkedTransactions: 0, problems: [], trigger: 'on-demand' });
    const held = heldCheck(30);
    const slow = await call('GET', '/api/admin/ledger-check', admin);
    expect([slow.statusCode, slow.json<{ state: string }>().state]).toEqual([202, 'running']);
    held.finish();
    await new Promise((r) => setTimeout(r, 20));
    const id = slow.json<{ id: number }>().id;
    expect((await call('GET', `/api/admin/ledger-check?id=${id}`, admin)).json()).toMatchObject({ state: 'done', ok: true });
  });

  it('says when a check could not run, and a new one can start after it', async () => {
    const held = heldCheck();
    const run = (await call('POST', '/api/admin/ledger-check', admin)).json<{ id: number }>();
    held.finish(true);
    await new Promise((r) => setTimeout(r, 20));
    const failed = await call('GET', `/api/admin/ledger-check?id=${run.id}`, admin);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      id: run.id,
      state: 'failed',
      startedAt: expect.any(String),
      trigger: 'on-demand',
      message: FAILED_CHECK,
    });
    expect(errors).toHaveLength(1);
    expect(await s.caller(admin).audit.lastLedgerCheck()).toBeNull();
    const again = (await call('POST', '/api/admin/ledger-check', admin)).json<{ id: number; state: string }>();
    expect([again.id, again.state]).toEqual([run.id + 1, 'running']);
  });
});
