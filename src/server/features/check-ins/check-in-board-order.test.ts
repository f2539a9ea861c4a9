import { describe, expect, it } from 'vitest';
import { previousDay } from '../../../shared/dates';
import { CHECK_IN_SORTS } from '../../../shared/schemas/check-ins';
import { pairFixture, type Pair } from '../../testing/fixtures';
import { createTestDatabase } from '../../testing/test-db';
import { setLinkStatus } from '../customer-casinos/customer-casinos.repository';
import { insertUser } from '../users/users.repository';
import { recordCheckIn } from './check-in-step';
import { type BoardQuery, checkInBoard } from './check-ins.repository';

const DAYS = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'];
const NOW = new Date('2026-11-23T20:00:00Z');

interface Link {
  customerId: number;
  customerName: string;
  casinoId: number;
  casinoName: string;
  /** Check-in times by day. */
  at: Map<string, string>;
}

// Every variant of the board (day, done / missing, customer or casino, each sort both ways, every page) is
// the one order a plain sort of the links gives, whichever plan reads it (decision 061).
describe('the check-in board order', () => {
  it('pages every variant exactly as a sort of the whole list', async () => {
    const { db } = await createTestDatabase();
    const user = await insertUser(db, { email: 'o@example.com', passwordHash: 'x', firstName: 'Oda', lastName: null, role: 'staff' });
    // Three customers at three casinos (names out of id order), one locked link, one inactive customer.
    const pairs: Pair[] = [];
    for (const [customerName, casinoName] of [
      ['Cat', 'Zed'],
      ['Ann', 'Yak'],
      ['Ben', 'Xen'],
    ])
      pairs.push(await pairFixture(db, { customerName, casinoName }));
    const links: Link[] = [];
    for (const p of pairs) {
      for (const k of pairs) {
        if (p !== k) await setLinkStatus(db, p.customer.id, k.casino.id, 'active');
        links.push({
          customerId: p.customer.id,
          customerName: p.customer.name,
          casinoId: k.casino.id,
          casinoName: k.casino.name,
          at: new Map(),
        });
      }
    }
    await setLinkStatus(db, pairs[0].customer.id, pairs[1].casino.id, 'locked');
    const off = await pairFixture(db, { customerName: 'Dan', casinoName: 'Off' });
    await db.updateTable('customers').set({ isActive: 0 }).where('id', '=', off.customer.id).execute();
    const board = links.filter((l) => !(l.customerId === pairs[0].customer.id && l.casinoId === pairs[1].casino.id));

    // The 20th: one check-in (the day's rows are sorted); the 23rd: all but one (the links are walked).
    const checkedIn = (i: number, d: number) => (d === 2 ? i === 4 : d === 5 ? i !== 3 : (i * 7 + d * 3) % 5 < 3);
    for (const [d, day] of DAYS.entries()) {
      for (const [i, l] of board.entries()) {
        if (!checkedIn(i, d)) continue;
        const at = new Date(`${day}T10:0${i}:00.000Z`);
        await recordCheckIn(
          db,
          { customerId: l.customerId, casinoId: l.casinoId, unplayedCoins: 100 },
          { userId: user.id, timeZone: 'UTC', now: at },
        );
        l.at.set(day, at.toISOString());
      }
    }

    const running = previousDay('2026-11-23');
    const view = (l: Link) => {
      const days = [...l.at.keys()].sort();
      const last = days.at(-1);
      let streak = 0;
      if (last && last >= running) for (let d = last; l.at.has(d); d = previousDay(d)) streak++;
      return { ...l, streak, lastAt: last ? l.at.get(last)! : null };
    };
    const cmp = (a: string | number | null, b: string | number | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
    const names = (a: ReturnType<typeof view>, b: ReturnType<typeof view>, casinoFirst: boolean) =>
      casinoFirst
        ? cmp(a.casinoName, b.casinoName) ||
          cmp(a.casinoId, b.casinoId) ||
          cmp(a.customerName, b.customerName) ||
          cmp(a.customerId, b.customerId)
        : cmp(a.customerName, b.customerName) ||
          cmp(a.customerId, b.customerId) ||
          cmp(a.casinoName, b.casinoName) ||
          cmp(a.casinoId, b.casinoId);

    let variants = 0;
    for (const date of ['2026-11-20', '2026-11-22', '2026-11-23']) {
      for (const status of [undefined, 'done', 'missing'] as const) {
        for (const filter of [{}, { customerId: pairs[1].customer.id }, { casinoId: pairs[2].casino.id }]) {
          for (const sort of CHECK_IN_SORTS) {
            for (const desc of [false, true]) {
              const sign = desc ? -1 : 1;
              const expected = board
                .map(view)
                .filter(
                  (l) =>
                    (!('customerId' in filter) || l.customerId === filter.customerId) &&
                    (!('casinoId' in filter) || l.casinoId === filter.casinoId),
                )
                .filter((l) => (status === 'done' ? l.at.has(date) : status === 'missing' ? !l.at.has(date) : true))
                .sort((a, b) =>
                  sort === 'streak'
                    ? sign * cmp(a.streak, b.streak) || names(a, b, false)
                    : sort === 'last'
                      ? sign * (cmp(a.lastAt, b.lastAt) || names(a, b, false))
                      : sign * names(a, b, sort === 'casino'),
                )
                .map((l) => ({
                  customerId: l.customerId,
                  casinoId: l.casinoId,
                  done: l.at.has(date),
                  at: l.at.get(date) ?? null,
                  streak: l.streak,
                  lastAt: l.lastAt,
                }));
              const q: BoardQuery = { date, status, ...filter, sort, desc };
              const got = async (limit: number, offset: number) => {
                const b = await checkInBoard(db, { ...q, limit, offset }, 'UTC', NOW);
                expect(b.totalCount).toBe(expected.length);
                return b.rows.map((r) => ({
                  customerId: r.customerId,
                  casinoId: r.casinoId,
                  done: r.done,
                  at: r.at,
                  streak: r.streak,
                  lastAt: r.lastAt,
                }));
              };
              const label = JSON.stringify(q);
              expect({ label, rows: await got(100, 0) }).toEqual({ label, rows: expected });
              for (let offset = 0; offset < expected.length + 2; offset += 2) {
                expect({ label, offset, rows: await got(2, offset) }).toEqual({ label, offset, rows: expected.slice(offset, offset + 2) });
              }
              variants++;
            }
          }
        }
      }
    }
    expect(variants).toBe(3 * 3 * 3 * 4 * 2);
    // "N of M": the 23rd has all but one of the eight links done.
    expect(await checkInBoard(db, { date: '2026-11-23' }, 'UTC', NOW)).toMatchObject({ done: 7, total: 8 });
  });
});
