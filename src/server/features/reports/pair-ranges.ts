import type SQLite from 'better-sqlite3';
import type { Span } from '../transactions/day-split';
import { FeedFollower, type FeedStore } from './change-feed';

/** One customer-casino pair's USD total (hundredths) and transaction count over a span. */
export interface PairTotal {
  customerId: number;
  casinoId: number;
  usd: number;
  n: number;
}

/** Pair totals as parallel columns, `size` of them used. */
export interface PairColumns {
  size: number;
  customerId: Int32Array;
  casinoId: Int32Array;
  usd: Float64Array;
  n: Int32Array;
}

const emptyColumns = (capacity: number): PairColumns => ({
  size: 0,
  customerId: new Int32Array(capacity),
  casinoId: new Int32Array(capacity),
  usd: new Float64Array(capacity),
  n: new Int32Array(capacity),
});

export interface PairFilter {
  customerId?: number;
  casinoId?: number;
}

export interface PairRangesOptions {
  /** Rows changed since the columns were built; above this many they are merged into the columns. */
  mergeAfter: number;
  /** Further behind the change feed than this, a rebuild is cheaper than reading each changed row. */
  rebuildAfter: number;
}

const DEFAULTS: PairRangesOptions = { mergeAfter: 50_000, rebuildAfter: 50_000 };

interface Columns {
  /** Instants (ms since the epoch), ascending; then pair index, type id, USD hundredths, and 0 once changed. */
  at: Float64Array;
  pair: Int32Array;
  type: Int32Array;
  usd: Float64Array;
  alive: Uint8Array;
}

const newColumns = (n: number): Columns => ({
  at: new Float64Array(n),
  pair: new Int32Array(n),
  type: new Int32Array(n),
  usd: new Float64Array(n),
  alive: new Uint8Array(n).fill(1),
});

/** A count and a USD sum (hundredths). */
export interface Totals {
  transactionCount: number;
  usdTotal: number;
}

/** The Transaction types cards' figures over a span (decision 027). */
export interface TypeSpan extends Totals {
  byType: Map<number, Totals>;
  customers: number;
}

interface Extra {
  id: number;
  at: number;
  pair: number;
  type: number;
  usd: number;
}

type Row = [id: number, at: number, customerId: number, casinoId: number, typeId: number, usdChange: number];

/** A transaction as the columns hold it; its instant in whole milliseconds computed by SQLite (no date string crosses into JavaScript). */
const ROW = `id, cast(round(unixepoch(date, 'subsec') * 1000) as integer), "customerId", "casinoId", "transactionTypeId", "usdChange"`;

/** The first index in `at` whose instant is >= `t`. */
function lowerBound(at: Float64Array, t: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Every transaction's instant, pair and USD change as columns held in this thread, in date order, so a
 * per-pair total over any span is one pass over that span's slice (decision 023): a million
 * transactions take a few milliseconds instead of SQLite's grouping of every row in the range.
 * It follows the database exactly through the transactionChanges feed (change-feed.ts): before each use
 * it replaces each changed row, in one read snapshot.
 */
export class PairRanges implements FeedStore<'transactionChanges'> {
  private cols: Columns = newColumns(0);
  /** Position in the columns by transaction id (-1: not there). */
  private posOf = new Int32Array(0);
  private extras: Extra[] = [];
  private extraOf = new Map<number, number>();
  private pairKeys = new Map<number, number>();
  private pairCustomer: number[] = [];
  private pairCasino: number[] = [];
  /** One more than the largest type id held. */
  private typeLimit = 0;
  private readonly follower: FeedFollower<'transactionChanges'>;
  /** How often each way of catching up ran (tests check that each is exercised). */
  readonly stats = { builds: 0, follows: 0, merges: 0 };

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly options: PairRangesOptions = DEFAULTS,
  ) {
    this.follower = new FeedFollower(sqlite, 'transactionChanges', this, options.rebuildAfter);
  }

  /** Brings the columns up to the database's latest committed state, inside one read snapshot. */
  private sync(): void {
    this.follower.sync();
  }

  /** Folds the changed rows into the columns once they are many. */
  afterSync(): void {
    if (this.extras.length > this.options.mergeAfter) this.merge();
  }

  /**
   * Per-pair totals of the transactions in `span` matching `filter`, pairs without one left out, as
   * columns: tens of thousands of pairs as objects cost more than the pass over the span's rows.
   */
  columns(span: Span, filter: PairFilter): PairColumns {
    this.sync();
    const { at, pair, usd, alive } = this.cols;
    const from = span.from === undefined ? -Infinity : Date.parse(span.from);
    const to = span.to === undefined ? Infinity : Date.parse(span.to);
    // Each pair's sum and count side by side (2p, 2p + 1): a row's pair is a random place in 80,000, and one
    // cache line holds both, where two arrays cost two misses a row.
    const acc = new Float64Array(2 * this.pairCustomer.length);
    for (let i = lowerBound(at, from), end = lowerBound(at, to); i < end; i++) {
      if (alive[i] === 0) continue;
      const p = 2 * pair[i];
      acc[p] += usd[i];
      acc[p + 1] += 1;
    }
    for (const e of this.extras) {
      if (e.at < from || e.at >= to) continue;
      acc[2 * e.pair] += e.usd;
      acc[2 * e.pair + 1] += 1;
    }
    const pairs = this.pairCustomer.length;
    const out = emptyColumns(pairs);
    for (let p = 0; p < pairs; p++) {
      const n = acc[2 * p + 1];
      if (n === 0) continue;
      const customerId = this.pairCustomer[p];
      const casinoId = this.pairCasino[p];
      if (filter.customerId !== undefined && customerId !== filter.customerId) continue;
      if (filter.casinoId !== undefined && casinoId !== filter.casinoId) continue;
      const i = out.size++;
      out.customerId[i] = customerId;
      out.casinoId[i] = casinoId;
      out.usd[i] = acc[2 * p];
      out.n[i] = n;
    }
    return out;
  }

  /** The same totals as objects (tests compare them with SQLite's grouping). */
  totals(span: Span, filter: PairFilter): PairTotal[] {
    const c = this.columns(span, filter);
    return Array.from({ length: c.size }, (_, i) => ({ customerId: c.customerId[i], casinoId: c.casinoId[i], usd: c.usd[i], n: c.n[i] }));
  }

  /** Per-type count and USD, the totals, and how many customers, over the transactions in `span`: one pass (decision 027). */
  types(span: Span): TypeSpan {
    this.sync();
    const { at, pair, type, usd, alive } = this.cols;
    const from = span.from === undefined ? -Infinity : Date.parse(span.from);
    const to = span.to === undefined ? Infinity : Date.parse(span.to);
    const counts = new Int32Array(this.typeLimit);
    const sums = new Float64Array(this.typeLimit);
    const inSpan = new Uint8Array(this.pairCustomer.length);
    for (let i = lowerBound(at, from), end = lowerBound(at, to); i < end; i++) {
      if (alive[i] === 0) continue;
      counts[type[i]] += 1;
      sums[type[i]] += usd[i];
      inSpan[pair[i]] = 1;
    }
    for (const e of this.extras) {
      if (e.at < from || e.at >= to) continue;
      counts[e.type] += 1;
      sums[e.type] += e.usd;
      inSpan[e.pair] = 1;
    }
    const byType = new Map<number, Totals>();
    for (let t = 0; t < counts.length; t++) if (counts[t] > 0) byType.set(t, { transactionCount: counts[t], usdTotal: sums[t] });
    const customers = new Set<number>();
    for (let p = 0; p < inSpan.length; p++) if (inSpan[p] !== 0) customers.add(this.pairCustomer[p]);
    let transactionCount = 0;
    let usdTotal = 0;
    for (const t of byType.values()) {
      transactionCount += t.transactionCount;
      usdTotal += t.usdTotal;
    }
    return { byType, customers: customers.size, transactionCount, usdTotal };
  }

  private pairIndex(customerId: number, casinoId: number): number {
    const key = customerId * 2 ** 21 + casinoId;
    let p = this.pairKeys.get(key);
    if (p === undefined) {
      p = this.pairCustomer.length;
      this.pairKeys.set(key, p);
      this.pairCustomer.push(customerId);
      this.pairCasino.push(casinoId);
    }
    return p;
  }

  build(): void {
    this.stats.builds += 1;
    // The old columns go before the new ones are made, so a rebuild never holds both (a million rows: about
    // 30 MB each); until it ends the follower counts the columns as following nothing.
    this.cols = newColumns(0);
    this.posOf = new Int32Array(0);
    this.extras = [];
    this.extraOf.clear();
    const rows = this.sqlite.prepare(`select ${ROW} from transactions order by date, id`).raw();
    const n = (this.sqlite.prepare('select count(*) from transactions').pluck().get() as number) ?? 0;
    const maxId = (this.sqlite.prepare('select coalesce(max(id), 0) from transactions').pluck().get() as number) ?? 0;
    const cols = newColumns(n);
    this.posOf = new Int32Array(maxId + 1).fill(-1);
    let i = 0;
    for (const [id, at, customerId, casinoId, typeId, usdChange] of rows.iterate() as IterableIterator<Row>) {
      cols.at[i] = at;
      cols.pair[i] = this.pairIndex(customerId, casinoId);
      cols.type[i] = typeId;
      this.typeLimit = Math.max(this.typeLimit, typeId + 1);
      cols.usd[i] = usdChange;
      this.posOf[id] = i;
      i += 1;
    }
    this.cols = cols;
  }

  /** Replaces each changed transaction with its current row (or nothing, once deleted). */
  follow(changed: [transactionId: number][]): void {
    this.stats.follows += 1;
    const read = this.sqlite.prepare<[{ id: number }], Row>(`select ${ROW} from transactions where id = @id`).raw();
    for (const [id] of changed) {
      this.forget(id);
      const row = read.get({ id });
      if (!row) continue;
      const [, at, customerId, casinoId, typeId, usdChange] = row;
      this.typeLimit = Math.max(this.typeLimit, typeId + 1);
      this.extraOf.set(id, this.extras.length);
      this.extras.push({ id, at, pair: this.pairIndex(customerId, casinoId), type: typeId, usd: usdChange });
    }
  }

  private forget(id: number): void {
    const pos = id < this.posOf.length ? this.posOf[id] : -1;
    if (pos >= 0) {
      this.cols.alive[pos] = 0;
      this.posOf[id] = -1;
    }
    const e = this.extraOf.get(id);
    if (e === undefined) return;
    const last = this.extras.pop()!;
    this.extraOf.delete(id);
    if (e < this.extras.length) {
      this.extras[e] = last;
      this.extraOf.set(last.id, e);
    }
  }

  /** Folds the changed rows into the columns: one merge of two date-ordered lists. */
  private merge(): void {
    this.stats.merges += 1;
    const old = this.cols;
    const extras = [...this.extras].sort((a, b) => a.at - b.at || a.id - b.id);
    const idOf = new Int32Array(old.at.length).fill(-1);
    for (let id = 0; id < this.posOf.length; id++) if (this.posOf[id] >= 0) idOf[this.posOf[id]] = id;
    let n = extras.length;
    for (let i = 0; i < old.alive.length; i++) n += old.alive[i];
    const cols = newColumns(n);
    let maxId = this.posOf.length - 1;
    for (const e of extras) maxId = Math.max(maxId, e.id);
    const posOf = new Int32Array(maxId + 1).fill(-1);
    let i = 0;
    let k = 0;
    for (let j = 0; j < n; j++) {
      while (i < old.at.length && old.alive[i] === 0) i++;
      const takeOld = i < old.at.length && (k >= extras.length || old.at[i] <= extras[k].at);
      if (takeOld) {
        cols.at[j] = old.at[i];
        cols.pair[j] = old.pair[i];
        cols.type[j] = old.type[i];
        cols.usd[j] = old.usd[i];
        posOf[idOf[i]] = j;
        i++;
      } else {
        const e = extras[k++];
        cols.at[j] = e.at;
        cols.pair[j] = e.pair;
        cols.type[j] = e.type;
        cols.usd[j] = e.usd;
        posOf[e.id] = j;
      }
    }
    this.cols = cols;
    this.posOf = posOf;
    this.extras = [];
    this.extraOf.clear();
  }
}

const byConnection = new WeakMap<SQLite.Database, PairRanges>();

/** The connection's range columns, built on first use. */
export function pairRangesOf(sqlite: SQLite.Database): PairRanges {
  let ranges = byConnection.get(sqlite);
  if (!ranges) byConnection.set(sqlite, (ranges = new PairRanges(sqlite)));
  return ranges;
}
