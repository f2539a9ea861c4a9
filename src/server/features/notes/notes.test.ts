import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pair } from '../../testing/fixtures';
import { expectFieldErrors } from '../../testing/rest';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';

let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let pair: Pair;
beforeEach(async () => {
  ({ s, staff, admin, pair } = await aliceAtLucky({ timeZone: 'UTC' }));
});
afterEach(() => s.stop());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, auth: Record<string, string> = staff.auth) =>
  s.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe('notes on customers and casinos', () => {
  it('keeps a customer note with its author and time, newest first, audited', async () => {
    const first = await call('POST', `/api/customers/${pair.customer.id}/notes`, {
      text: 'Called about the payout.\nWill send a screenshot.',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      text: 'Called about the payout.\nWill send a screenshot.',
      createdAt: expect.any(String),
      createdBy: 'Sam Staff',
      createdByUserId: staff.id,
    });
    await call('POST', `/api/customers/${pair.customer.id}/notes`, { text: 'Screenshot received' }, admin.auth);
    const list = await call('GET', `/api/customers/${pair.customer.id}/notes`);
    expect(list.json().map((n: { text: string; createdBy: string }) => [n.text, n.createdBy])).toEqual([
      ['Screenshot received', 'Ada Admin'],
      ['Called about the payout.\nWill send a screenshot.', 'Sam Staff'],
    ]);
    expect((await call('GET', `/api/casinos/${pair.casino.id}/notes`)).json()).toEqual([]);
    const audit = await s.database.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('entity', '=', 'note')
      .orderBy('id')
      .execute();
    expect(audit[0]).toEqual({
      action: 'create',
      after: JSON.stringify({ customerId: pair.customer.id, text: 'Called about the payout.\nWill send a screenshot.' }),
    });
  });

  it('keeps casino notes apart, and refuses empty, too long and unknown owners', async () => {
    expect((await call('POST', `/api/casinos/${pair.casino.id}/notes`, { text: 'Payouts slow this week' })).statusCode).toBe(201);
    expect((await call('GET', `/api/casinos/${pair.casino.id}/notes`)).json()).toHaveLength(1);
    expect((await call('GET', `/api/customers/${pair.customer.id}/notes`)).json()).toHaveLength(0);
    expectFieldErrors(await call('POST', `/api/casinos/${pair.casino.id}/notes`, { text: '   ' }), [
      { path: 'text', message: 'Note is required' },
    ]);
    expectFieldErrors(await call('POST', `/api/casinos/${pair.casino.id}/notes`, { text: 'x'.repeat(2001) }), [
      { path: 'text', message: 'Note is too long: at most 2,000 characters' },
    ]);
    expect((await call('POST', `/api/casinos/${pair.casino.id}/notes`, { text: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect((await call('POST', '/api/customers/9999/notes', { text: 'Hello' })).statusCode).toBe(404);
    expect((await call('GET', '/api/casinos/9999/notes')).statusCode).toBe(404);
  });

  it('lets the author or an admin delete a note, nobody else, and nobody signed out read them', async () => {
    const mine = (await call('POST', `/api/customers/${pair.customer.id}/notes`, { text: 'Mine' })).json();
    const theirs = (await call('POST', `/api/customers/${pair.customer.id}/notes`, { text: 'Theirs' }, admin.auth)).json();
    const other = await s.addUser('staff');
    const refused = await call('DELETE', `/api/notes/${mine.id}`, undefined, other.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only its author or an admin can delete this note' });
    expect((await call('DELETE', `/api/notes/${theirs.id}`)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/notes/${mine.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/notes/${theirs.id}`, undefined, admin.auth)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/notes/${theirs.id}`, undefined, admin.auth)).statusCode).toBe(404);
    expect((await call('GET', `/api/customers/${pair.customer.id}/notes`)).json()).toEqual([]);
    expect((await call('GET', `/api/customers/${pair.customer.id}/notes`, undefined, {})).statusCode).toBe(401);
    const audit = await s.database.db
      .selectFrom('auditLog')
      .select(['action', 'userId'])
      .where('entity', '=', 'note')
      .where('action', '=', 'delete')
      .execute();
    expect(audit).toEqual([
      { action: 'delete', userId: staff.id },
      { action: 'delete', userId: admin.id },
    ]);
  });
});
