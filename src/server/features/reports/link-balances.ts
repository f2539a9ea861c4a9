import type SQLite from 'better-sqlite3';
import { HIGH_SC_USD_FACTOR } from '../../../shared/constants';
import { FeedFollower, type FeedStore } from './change-feed';

/** Links whose balance is above a floor: how many, how many customers, their USD value (hundredths). */
export interface LinksAbove {
  accounts: number;
  customers: number;
  usd: number;
}

type LinkRow = [customerId: number, casinoId: number, coins: number];

const LINK = `select "customerId", "casinoId", "currentUnplayedCoins" + "currentPlayedCoins" from "customerCasinos"`;

/**
 * Every link's balance (unplayed + played coins, hundredths) held in this thread, so the High SC cards
 * are one pass over about a hundred thousand numbers instead of SQLite reading as many index entries
 * (decision 026). It follows the database exactly through the linkChanges feed (change-feed.ts): before
 * each use it rereads each changed link, in one read snapshot.
 */
export class LinkBalances implements FeedStore<'linkChanges'> {
  private customer: Int32Array<ArrayBuffer> = new Int32Array(0);
  private casino: Int32Array<ArrayBuffer> = new Int32Array(0);
  private coins = new Float64Array(0);
  private size = 0;
  private slotOf = new Map<number, number>();
  /** Per customer id, the pass that last counted it (customers are counted once per pass). */
  private seen: Int32Array<ArrayBuffer> = new Int32Array(0);
  private pass = 0;
  private readonly follower: FeedFollower<'linkChanges'>;
  readonly stats = { builds: 0, follows: 0 };

  constructor(private readonly sqlite: SQLite.Database) {
    this.follower = new FeedFollower(sqlite, 'linkChanges', this);
  }

  /** The links whose balance is above `floor` coins (hundredths); USD as SQLite's integer (coins + 500) / 1000. */
  above(floor: number): LinksAbove {
    this.sync();
    const half = HIGH_SC_USD_FACTOR / 2;
    const pass = ++this.pass;
    let accounts = 0;
    let customers = 0;
    let usd = 0;
    for (let i = 0; i < this.size; i++) {
      const c = this.coins[i];
      if (!(c > floor)) continue;
      accounts += 1;
      usd += Math.trunc((c + half) / HIGH_SC_USD_FACTOR);
      const id = this.customer[i];
      if (this.seen[id] !== pass) {
        this.seen[id] = pass;
        customers += 1;
      }
    }
    return { accounts, customers, usd };
  }

  /**
   * For each customer id, at how many of `casinoIds` it has a link, whatever the link's status (a
   * Participation registration, decision 041); customers without one are 0.
   */
  linksAt(casinoIds: number[]): Int32Array {
    this.sync();
    const wanted = new Set(casinoIds);
    const counts = new Int32Array(this.seen.length);
    for (let i = 0; i < this.size; i++) {
      // A deleted link's slot has no balance (NaN is the one value not equal to itself).
      if (this.coins[i] === this.coins[i] && wanted.has(this.casino[i])) counts[this.customer[i]] += 1;
    }
    return counts;
  }

  /**
   * Whether a customer has a link at a casino, whatever its status (a Participation registration, decision
   * 041), as of now: one sync, then each answer is a lookup.
   */
  registrations(): (customerId: number, casinoId: number) => boolean {
    this.sync();
    return (customerId, casinoId) => {
      const slot = this.slotOf.get(linkKey(customerId, casinoId));
      return slot !== undefined && this.coins[slot] === this.coins[slot];
    };
  }

  private sync(): void {
    this.follower.sync();
  }

  build(): void {
    this.stats.builds += 1;
    this.size = 0;
    this.slotOf.clear();
    for (const row of this.sqlite.prepare(LINK).raw().iterate() as IterableIterator<LinkRow>) this.set(...row);
  }

  /** Rereads each changed link. */
  follow(changed: [customerId: number, casinoId: number][]): void {
    this.stats.follows += 1;
    const read = this.sqlite
      .prepare<[{ customerId: number; casinoId: number }], LinkRow>(`${LINK} where "customerId" = @customerId and "casinoId" = @casinoId`)
      .raw();
    for (const [customerId, casinoId] of changed) {
      const row = read.get({ customerId, casinoId });
      // A deleted link keeps its slot with no balance, never above any floor.
      this.set(customerId, casinoId, row ? row[2] : NaN);
    }
  }

  private set(customerId: number, casinoId: number, coins: number): void {
    const key = linkKey(customerId, casinoId);
    let slot = this.slotOf.get(key);
    if (slot === undefined) {
      slot = this.size++;
      this.slotOf.set(key, slot);
      if (slot >= this.coins.length) this.grow(Math.max(1024, slot * 2));
      this.customer[slot] = customerId;
      this.casino[slot] = casinoId;
    }
    if (customerId >= this.seen.length) this.seen = grown(this.seen, Math.max(1024, customerId * 2));
    this.coins[slot] = coins;
  }

  private grow(capacity: number): void {
    this.customer = grown(this.customer, capacity);
    this.casino = grown(this.casino, capacity);
    const coins = new Float64Array(capacity);
    coins.set(this.coins);
    this.coins = coins;
  }
}

/** A link's key in the slot map: casino ids stay below 2^21. */
const linkKey = (customerId: number, casinoId: number) => customerId * 2 ** 21 + casinoId;

function grown(from: Int32Array, capacity: number): Int32Array<ArrayBuffer> {
  const to = new Int32Array(capacity);
  to.set(from);
  return to;
}

const byConnection = new WeakMap<SQLite.Database, LinkBalances>();

/** The connection's link balances, read on first use. */
export function linkBalancesOf(sqlite: SQLite.Database): LinkBalances {
  let balances = byConnection.get(sqlite);
  if (!balances) byConnection.set(sqlite, (balances = new LinkBalances(sqlite)));
  return balances;
}
