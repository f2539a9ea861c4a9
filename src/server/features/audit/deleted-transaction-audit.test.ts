import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';
import type { Pair } from '../../testing/fixtures';

// A deleted transaction's history (its values, who deleted it) is for admins only, as the deleted list
// is: over REST and tRPC alike.
let s: TestServer;
let admin: TestUser;
let staff: TestUser;
let pair: Pair;
let kept: number;
let deleted: number;
beforeAll(async () => {
  ({ s, admin, staff, pair } = await aliceAtLucky());
  const create = async (usd: string) => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: staff.auth,
      payload: {
        customerId: pair.customer.id,
        casinoId: pair.casino.id,
        transactionTypeId: pair.type.id,
        unplayedCoinsChange: '20.00',
        playedCoinsChange: '0',
        usdChange: usd,
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  kept = await create('20.00');
  deleted = await create('35.50');
  expect((await s.app.inject({ method: 'DELETE', url: `/api/transactions/${deleted}`, headers: staff.auth })).statusCode).toBe(204);
});
afterAll(() => s.stop());

const audit = (id: number, user: TestUser) => s.app.inject({ method: 'GET', url: `/api/transactions/${id}/audit`, headers: user.auth });

describe("a transaction's audit", () => {
  it("answers staff 403 for a deleted transaction's history, over REST and tRPC", async () => {
    const res = await audit(deleted, staff);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only an admin can see the history of a deleted transaction' });
    await expect(s.caller(staff).transactions.audit({ id: deleted })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only an admin can see the history of a deleted transaction',
    });
  });

  it('gives an admin the whole history of the deleted transaction', async () => {
    const res = await audit(deleted, admin);
    expect(res.statusCode).toBe(200);
    const entries = res.json() as { action: string; user: { email: string }; before: { usdChange: string } | null }[];
    expect(entries.map((e) => e.action)).toEqual(['create', 'delete']);
    expect(entries[1].user.email).toBe(staff.email);
    expect(entries[1].before?.usdChange).toBe('35.50');
  });

  it('still gives staff the history of a transaction that exists, and 404 for an id that never was one', async () => {
    const res = await audit(kept, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: { action: string }) => e.action)).toEqual(['create']);
    const never = await audit(999_999, staff);
    expect(never.statusCode).toBe(404);
    expect(never.json()).toEqual({ message: 'Transaction not found' });
  });
});
