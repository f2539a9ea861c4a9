import type SQLite from 'better-sqlite3';
import { rebuildCheckIns } from '../features/check-ins/check-in-days';
import { DAY_MS } from '../../shared/dates';

/** A pair's redemption request is this likely on any row (about 1 in 100 rows). */
const REQUEST_CHANCE = 0.01;

interface Pending {
  id: number;
  customerId: number;
  casinoId: number;
  requestedAt: string;
  coins: number;
  expectedUsd: number;
  due: string;
  outcome: 'received' | 'rejected' | 'cancelled';
  requestTransactionId: number;
  finishedAt?: string;
  usdReceived?: number;
  finishTransactionId?: number;
}

/**
 * seed:bulk's money in motion: redemption requests on the way (coins out), finished when
 * due (USD in, or coins back), those still due after now left pending; and the check-in days kept from
 * the Check-in rows (rebuildCheckIns, as the ledger's write path keeps them).
 */
export class BulkMotion {
  private readonly queue: Pending[] = [];
  private readonly all: Pending[] = [];
  private checkInDays = 0;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly rand: () => number,
    private readonly timeZone: string,
    private readonly userId: number,
    private readonly typeIds: number[][],
    private readonly ratios: number[],
  ) {}

  /** A casino's usual days to pay: 2 to 12, by casino. */
  private medianDays(casinoId: number): number {
    return 2 + ((casinoId * 7) % 11);
  }

  maybeRequest(
    pair: { customerId: number; casinoId: number },
    date: string,
    held: { u: number } | undefined,
  ): { pair: typeof pair; coins: number; date: string } | null {
    if (!held || held.u < 100_000 || this.rand() >= REQUEST_CHANCE) return null;
    // A round share of the balance: 10% to 50%, in whole SC.
    const coins = Math.floor((held.u * (0.1 + this.rand() * 0.4)) / 100) * 100;
    return { pair, coins, date };
  }

  requested(r: { pair: { customerId: number; casinoId: number }; coins: number; date: string }, transactionId: number): void {
    const roll = this.rand();
    const days = this.medianDays(r.pair.casinoId) * (0.4 + this.rand() * 1.6) * (roll < 0.03 ? 4 : 1);
    const p: Pending = {
      id: this.all.length + 1,
      ...r.pair,
      requestedAt: r.date,
      coins: r.coins,
      expectedUsd: Math.round(r.coins / this.ratios[r.pair.casinoId]),
      due: new Date(Date.parse(r.date) + days * DAY_MS).toISOString(),
      outcome: roll < 0.85 ? 'received' : roll < 0.95 ? 'rejected' : 'cancelled',
      requestTransactionId: transactionId,
    };
    this.all.push(p);
    let at = this.queue.length;
    while (at > 0 && this.queue[at - 1].due > p.due) at--;
    this.queue.splice(at, 0, p);
  }

  /** The next redemption to finish at `date`, if one is due. */
  due(date: string): Pending | undefined {
    return this.queue[0] && this.queue[0].due <= date ? this.queue.shift() : undefined;
  }

  /** The finishing entry: the USD received (at times less than expected), or the coins back. */
  finish(p: Pending, date: string): { u: number; d: number; typeId: number; id: number } {
    p.finishedAt = date;
    if (p.outcome === 'received') {
      p.usdReceived = this.rand() < 0.3 ? Math.round(p.expectedUsd * (0.95 + this.rand() * 0.04)) : p.expectedUsd;
      return { u: 0, d: p.usdReceived, typeId: this.typeIds[p.casinoId][1], id: 0 };
    }
    return { u: p.coins, d: 0, typeId: this.typeIds[p.casinoId][1], id: 0 };
  }

  finished(p: Pending, transactionId: number): void {
    p.finishTransactionId = transactionId;
  }

  save(): void {
    const insRedemption = this.sqlite.prepare(
      `insert into redemptions (id, "customerId", "casinoId", status, "requestedAt", "requestedByUserId", "unplayedCoins", "playedCoins", "expectedUsd",
         "receivedAt", "usdReceived", "finishedAt", "finishedByUserId", "requestTransactionId", "receiptTransactionId", "reversalTransactionId")
       values (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.sqlite.transaction(() => {
      for (const p of this.all) {
        const done = p.finishedAt !== undefined;
        const status = done ? p.outcome : 'pending';
        const received = status === 'received';
        insRedemption.run(
          p.id,
          p.customerId,
          p.casinoId,
          status,
          p.requestedAt,
          this.userId,
          p.coins,
          p.expectedUsd,
          received ? p.finishedAt : null,
          received ? p.usdReceived : null,
          done ? p.finishedAt : null,
          done ? this.userId : null,
          p.requestTransactionId,
          received ? p.finishTransactionId : null,
          done && !received ? p.finishTransactionId : null,
        );
      }
      // The check-in days, kept as the ledger's write path keeps them (decision 061).
      this.checkInDays = rebuildCheckIns(this.sqlite, this.timeZone);
    })();
  }

  get counts(): string {
    const by = (s: string) => this.all.filter((p) => (p.finishedAt ? p.outcome : 'pending') === s).length;
    return `${this.all.length} redemptions (${by('pending')} pending, ${by('received')} received, ${by('rejected')} rejected, ${by('cancelled')} cancelled), ${this.checkInDays} check-in days`;
  }
}
