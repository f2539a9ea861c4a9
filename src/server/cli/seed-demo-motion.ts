import { DAY_MS, dayStartUtc, localDay } from '../../shared/dates';
import { sqliteOf } from '../db/database';
import type { Db } from '../db/types';
import { keptCheckInDay } from '../features/check-ins/check-in-days';
import { recordCheckIn } from '../features/check-ins/check-in-step';
import { closeRedemption, receiveRedemption, requestRedemption } from '../features/redemptions/redemption-steps';

interface Due {
  id: number;
  key: string;
  coins: number;
  expectedUsd: number;
  at: number;
  outcome: 'received' | 'rejected' | 'cancelled';
}

type Held = Map<string, { unplayed: number; played: number }>;

/**
 * seed:demo's money in motion, through the real write path: redemptions requested along the
 * way and received (sometimes with a fee), rejected or cancelled when due; the ones due after today
 * stay pending (one of them long overdue). Then three weeks of daily check-ins, each link with its own
 * diligence, so the board shows streaks, gaps and a part of today still open.
 */
export class DemoMotion {
  private readonly due: Due[] = [];

  constructor(
    private readonly db: Db,
    private readonly userId: number,
    private readonly timeZone: string,
    private readonly rand: () => number,
  ) {}

  /** Finishes the redemptions due by `when`; coins of a rejected or cancelled one go back to `held`. */
  async finishDue(when: Date, held: Held): Promise<void> {
    this.due.sort((a, b) => a.at - b.at);
    while (this.due.length && this.due[0].at <= when.getTime()) {
      const d = this.due.shift()!;
      const at = new Date(d.at);
      if (d.outcome === 'received') {
        const fee = this.rand() < 0.35 ? Math.round(d.expectedUsd * 0.03) : 0;
        await receiveRedemption(
          this.db,
          { id: d.id, usdReceived: d.expectedUsd - fee },
          { userId: this.userId, timeZone: this.timeZone, now: at },
        );
      } else {
        const note = d.outcome === 'rejected' ? 'Casino asked for new ID documents' : 'Requested twice by mistake';
        await closeRedemption(this.db, { id: d.id, status: d.outcome, note }, { userId: this.userId, now: at });
        held.get(d.key)!.unplayed += d.coins;
      }
    }
  }

  /** Now and then, a redemption of part of a pair's unplayed coins (1 in 40 entries; 1 in 8 in the last ten days). */
  async maybeRequest(pair: { customerId: number; casinoId: number; scRatio: number }, held: Held, when: Date, nth: number): Promise<void> {
    const key = `${pair.customerId}:${pair.casinoId}`;
    const balance = held.get(key);
    const recent = Date.now() - when.getTime() < 10 * DAY_MS;
    if (!balance || balance.unplayed < 100_000 || this.rand() >= (recent ? 1 / 8 : 1 / 40)) return;
    const coins = Math.floor((balance.unplayed * (0.2 + this.rand() * 0.5)) / 100) * 100;
    const expectedUsd = Math.round(coins / pair.scRatio);
    const id = await requestRedemption(
      this.db,
      {
        customerId: pair.customerId,
        casinoId: pair.casinoId,
        unplayedCoins: coins,
        expectedUsd,
        note: nth % 3 === 0 ? 'Weekly cash-out' : null,
      },
      this.userId,
      when,
    );
    balance.unplayed -= coins;
    // Each casino has its usual time to pay (2 to 9 days); one in twelve takes much longer.
    const usual = 2 + (pair.casinoId % 8);
    const days = usual * (0.5 + this.rand()) * (nth % 12 === 0 ? 5 : 1);
    const roll = this.rand();
    this.due.push({
      id,
      key,
      coins,
      expectedUsd,
      at: when.getTime() + days * DAY_MS,
      outcome: roll < 0.8 ? 'received' : roll < 0.92 ? 'rejected' : 'cancelled',
    });
  }

  /** Three weeks of check-ins, today's up to now. */
  async checkIns(pairs: { customerId: number; casinoId: number }[], now: Date): Promise<number> {
    const diligence = pairs.map(() => 0.45 + this.rand() * 0.55);
    const today = localDay(now, this.timeZone);
    const todayStart = Date.parse(dayStartUtc(today, this.timeZone));
    let n = 0;
    for (let back = 20; back >= 0; back--) {
      const dayStart = todayStart - back * DAY_MS;
      const span = back === 0 ? Math.max(0, now.getTime() - dayStart - 60_000) : DAY_MS - 60_000;
      for (const [i, pair] of pairs.entries()) {
        if (this.rand() >= diligence[i]) continue;
        const at = new Date(dayStart + 30_000 + Math.floor(this.rand() * span));
        // A day the entries above already checked in is left as it is.
        if (keptCheckInDay(sqliteOf(this.db), pair.customerId, pair.casinoId, localDay(at, this.timeZone))) continue;
        const unplayedCoins = 10 * (5 + Math.floor(this.rand() * 46));
        await recordCheckIn(this.db, { ...pair, unplayedCoins }, { userId: this.userId, timeZone: this.timeZone, now: at });
        n += 1;
      }
    }
    return n;
  }
}
