import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instantProblem } from '../../../shared/schemas/common';
import { entryOf, type Pair } from '../../testing/fixtures';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';
import { expectFieldErrors, inject, type Method } from '../../testing/rest';

let s: TestServer;
let user: TestUser;
let pair: Pair;
beforeEach(async () => {
  ({ s, staff: user, pair } = await aliceAtLucky({ timeZone: 'UTC' }));
});
afterEach(() => s.stop());

const call = (method: Method, url: string, payload?: object) => inject(s.app, method, url, user.auth, payload);
const entry = (unplayed: string) => entryOf(pair, { unplayedCoinsChange: unplayed, playedCoinsChange: '0', usdChange: '-1.00' });

describe('occurredAt (decision 050)', () => {
  it('checks the instant: a real date and time with a zone, not in the future beyond five minutes', () => {
    const now = Date.parse('2026-11-23T12:00:00.000Z');
    expect(instantProblem('2026-11-20T10:00:00.000Z', now)).toBeNull();
    expect(instantProblem('2026-11-20T10:00+01:00', now)).toBeNull();
    expect(instantProblem('2026-11-23T12:04:59Z', now)).toBeNull();
    expect(instantProblem('2026-11-23T12:05:01Z', now)).toBe('Must not be in the future');
    expect(instantProblem('2026-02-30T10:00:00Z', now)).toBe('Must be a real date');
    expect(instantProblem('2026-11-20T24:00:00Z', now)).toBe('Must be a real date');
    expect(instantProblem('1969-12-31T23:00:00Z', now)).toBe('Must be a real date');
    expect(instantProblem('2026-11-20', now)).toBe('Must be a date and time (ISO 8601 with a time zone)');
    expect(instantProblem('2026-11-20T10:00:00', now)).toBe('Must be a date and time (ISO 8601 with a time zone)');
    expect(instantProblem('yesterday', now)).toBe('Must be a date and time (ISO 8601 with a time zone)');
  });

  it('records a backdated entry through the API in UTC and recomputes the later row', async () => {
    const first = (await call('POST', '/api/transactions', entry('100'))).json();
    const late = await call('POST', '/api/transactions', { ...entry('50.25'), occurredAt: '2026-11-01T09:30:00+02:00' });
    expect(late.statusCode).toBe(201);
    expect(late.json()).toMatchObject({ date: '2026-11-01T07:30:00.000Z', unplayedCoinsAfter: '50.25', totalCoinsAfter: '50.25' });
    const list = (await call('GET', '/api/transactions?limit=10')).json();
    expect(list.map((t: { id: number; totalCoinsAfter: string }) => [t.id, t.totalCoinsAfter])).toEqual([
      [first.id, '150.25'],
      [late.json().id, '50.25'],
    ]);
  });

  it('changes the date by PATCH, and refuses a bad one naming occurredAt, writing nothing', async () => {
    const created = (await call('POST', '/api/transactions', entry('100'))).json();
    const future = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    for (const [occurredAt, message] of [
      [future, 'Must not be in the future'],
      ['2026-11-31T10:00:00Z', 'Must be a real date'],
      ['31/10/2026', 'Must be a date and time (ISO 8601 with a time zone)'],
    ]) {
      const res = await call('PATCH', `/api/transactions/${created.id}`, { ...entry('100'), occurredAt });
      expectFieldErrors(res, [{ path: 'occurredAt', message }]);
    }
    expect((await call('GET', '/api/transactions?limit=1')).json()[0].date).toBe(created.date);
    const moved = await call('PATCH', `/api/transactions/${created.id}`, { ...entry('100'), occurredAt: '2026-10-05T00:00:00Z' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().date).toBe('2026-10-05T00:00:00.000Z');
    const day = (await call('GET', '/api/transactions?startDate=2026-10-05&endDate=2026-10-05')).json();
    expect(day).toMatchObject({ totalCount: 1, transactions: [{ id: created.id }] });
  });
});
