import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toHundredths } from '../../../shared/money';
import { entryOf, pairFixture, type Pair } from '../../testing/fixtures';
import { createTestServer, type TestServer, type TestUser } from '../../testing/test-server';
import { createEntry, editEntry } from '../transactions/ledger';

let s: TestServer;
let staff: TestUser;
beforeEach(async () => {
  s = await createTestServer();
  staff = await s.addUser('staff');
});
afterEach(() => s.stop());

const stored = (id: number) =>
  s.database.db
    .selectFrom('transactions')
    .select(['unplayedCoinsAfter', 'playedCoinsAfter'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe("customerCasinos.balanceBefore: the base of a dated entry's preview", () => {
  it('answers, for a back-dated entry, the balance its stored after-values are built on', async () => {
    const db = s.database.db;
    const pair = await pairFixture(db);
    const at = (day: string) => `2026-09-${day}T12:00:00.000Z`;
    for (const [day, u, p] of [
      ['01', 1_000_000, 0],
      ['05', -250_050, 12_345],
      ['05', 7, 0],
      ['20', 3_000_000, -100],
    ] as const) {
      await createEntry(
        db,
        { ...entryOf(pair, { unplayedCoinsChange: u, playedCoinsChange: p }), occurredAt: at(day) },
        { userId: staff.id },
      );
    }
    const ask = (when: string) =>
      s.caller(staff).customerCasinos.balanceBefore({ customerId: pair.customer.id, casinoId: pair.casino.id, at: when });
    expect(await ask('2026-08-31T12:00:00Z')).toEqual({ unplayed: '0.00', played: '0.00' });
    expect(await ask('2026-09-03T08:00:00+02:00')).toEqual({ unplayed: '10000.00', played: '0.00' });
    // Both entries of that instant come before a new one (ids only grow).
    expect(await ask(at('05'))).toEqual({ unplayed: '7499.57', played: '123.45' });
    expect(await ask('2026-11-01T00:00:00Z')).toEqual({ unplayed: '37499.57', played: '122.45' });

    // What the preview shows (base + changes) is what the ledger stores for the entry.
    const base = await ask(at('10'));
    const id = await createEntry(
      db,
      { ...entryOf(pair, { unplayedCoinsChange: 50_000, playedCoinsChange: 25 }), occurredAt: at('10') },
      { userId: staff.id },
    );
    expect(await stored(id)).toEqual({
      unplayedCoinsAfter: toHundredths(base.unplayed) + 50_000,
      playedCoinsAfter: toHundredths(base.played) + 25,
    });
  });

  it('for an edit, leaves the entry itself out wherever it moves, in its pair or to another', async () => {
    const db = s.database.db;
    const a = await pairFixture(db);
    const b: Pair = { ...(await pairFixture(db, { customerName: 'Other' })) };
    const day = (d: number) => `2026-10-${String(d).padStart(2, '0')}T09:30:00.000Z`;
    const ids: number[] = [];
    for (let d = 1; d <= 9; d++) {
      const pair = d % 3 === 0 ? b : a;
      ids.push(
        await createEntry(
          db,
          { ...entryOf(pair, { unplayedCoinsChange: d * 1_000, playedCoinsChange: d }), occurredAt: day(d) },
          { userId: staff.id },
        ),
      );
    }
    // Later, earlier, the same date, onto another entry's instant, into the other pair.
    const moves: [number, Pair, string, number][] = [
      [ids[0], a, day(8), 555],
      [ids[7], a, day(2), -4_000],
      [ids[4], a, day(5), 1],
      [ids[1], a, day(4), 99],
      [ids[3], b, day(7), 20_000],
      [ids[2], a, day(1), -3],
    ];
    for (const [id, pair, when, u] of moves) {
      const base = await s.caller(staff).customerCasinos.balanceBefore({
        customerId: pair.customer.id,
        casinoId: pair.casino.id,
        at: when,
        transactionId: id,
      });
      await editEntry(
        db,
        id,
        { ...entryOf(pair, { unplayedCoinsChange: u, playedCoinsChange: 2 }), occurredAt: when },
        { userId: staff.id },
      );
      expect(await stored(id), `entry ${id} to ${when}`).toEqual({
        unplayedCoinsAfter: toHundredths(base.unplayed) + u,
        playedCoinsAfter: toHundredths(base.played) + 2,
      });
    }
  });

  it('refuses a date that is not a whole instant, naming the field', async () => {
    const res = await s.app.inject({
      url: `/trpc/customerCasinos.balanceBefore?input=${encodeURIComponent(JSON.stringify({ customerId: 1, casinoId: 1, at: '2026-09-01' }))}`,
      headers: staff.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Must be a date and time (ISO 8601 with a time zone)');
  });
});
