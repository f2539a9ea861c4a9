import type { LedgerFields } from './ledger';

/** A row to add: the six fields, its date (ISO UTC, as `Date#toISOString` writes it) and its casino's scRatio. */
export interface BulkInput extends LedgerFields {
  date: string;
  scRatio: number;
}

/** A kept row as insertMany reads it back: with its place among the kept rows (ties in date keep it). */
export interface BulkEntry extends BulkInput {
  order: number;
}

const FIRST_CAPACITY = 1024;

/**
 * The rows an import keeps until its last one is checked (decision 053): one typed array per field, 52
 * bytes a row outside the JS heap (an object per row took about 170 bytes on it, and the heap grew to
 * several times that). A row's place is its index; its date is kept as epoch milliseconds and read back
 * as the same ISO text.
 */
export class BulkRows {
  length = 0;
  private time = new Float64Array(FIRST_CAPACITY);
  private customer = new Int32Array(FIRST_CAPACITY);
  private casino = new Int32Array(FIRST_CAPACITY);
  private type = new Int32Array(FIRST_CAPACITY);
  private unplayed = new Float64Array(FIRST_CAPACITY);
  private played = new Float64Array(FIRST_CAPACITY);
  private usd = new Float64Array(FIRST_CAPACITY);
  private ratio = new Float64Array(FIRST_CAPACITY);

  static of(rows: BulkInput[]): BulkRows {
    const kept = new BulkRows();
    for (const row of rows) kept.push(row);
    return kept;
  }

  /** Keeps a row; answers its place. */
  push(row: BulkInput): number {
    const time = Date.parse(row.date);
    // The date comes back as toISOString writes it: any other text would not be the one checked.
    if (Number.isNaN(time) || new Date(time).toISOString() !== row.date) throw new Error(`Not an ISO UTC date: ${row.date}`);
    if (this.length === this.time.length) this.grow();
    const i = this.length++;
    this.time[i] = time;
    this.customer[i] = row.customerId;
    this.casino[i] = row.casinoId;
    this.type[i] = row.transactionTypeId;
    this.unplayed[i] = row.unplayedCoinsChange;
    this.played[i] = row.playedCoinsChange;
    this.usd[i] = row.usdChange;
    this.ratio[i] = row.scRatio;
    return i;
  }

  /** The row at place `i`, as an object (made on each call: callers hold few at a time). */
  at(i: number): BulkEntry {
    return {
      date: new Date(this.time[i]).toISOString(),
      customerId: this.customer[i],
      casinoId: this.casino[i],
      transactionTypeId: this.type[i],
      unplayedCoinsChange: this.unplayed[i],
      playedCoinsChange: this.played[i],
      usdChange: this.usd[i],
      scRatio: this.ratio[i],
      order: i,
    };
  }

  /** The places sorted by pair (customer, casino), then date, then place. */
  byPairDate(): Uint32Array {
    const places = Uint32Array.from({ length: this.length }, (_, i) => i);
    return places.sort(
      (a, b) => this.customer[a] - this.customer[b] || this.casino[a] - this.casino[b] || this.time[a] - this.time[b] || a - b,
    );
  }

  /** The earliest date of the rows (ISO), or null without rows. */
  earliest(): string | null {
    if (this.length === 0) return null;
    let min = this.time[0];
    for (let i = 1; i < this.length; i++) if (this.time[i] < min) min = this.time[i];
    return new Date(min).toISOString();
  }

  /** Orders two places by date, then place. */
  compareDates(a: number, b: number): number {
    return this.time[a] - this.time[b] || a - b;
  }

  /** Whether two places hold the same instant. */
  sameDate(a: number, b: number): boolean {
    return this.time[a] === this.time[b];
  }

  /** The rows at `places`, in that order, as rows of their own (the import writes its rows in batches: decision 080). */
  pick(places: ArrayLike<number>): BulkRows {
    const picked = new BulkRows();
    for (let k = 0; k < places.length; k++) picked.push(this.at(places[k]));
    return picked;
  }

  /** Gives every row the ids `of` answers for its customer, casino and type (stand-ins of created records become real ones). */
  remap(of: (id: number) => number): void {
    for (let i = 0; i < this.length; i++) {
      this.customer[i] = of(this.customer[i]);
      this.casino[i] = of(this.casino[i]);
      this.type[i] = of(this.type[i]);
    }
  }

  samePair(a: number, b: number): boolean {
    return this.customer[a] === this.customer[b] && this.casino[a] === this.casino[b];
  }

  private grow(): void {
    const size = this.time.length * 2;
    this.time = grownFloats(this.time, size);
    this.customer = grownInts(this.customer, size);
    this.casino = grownInts(this.casino, size);
    this.type = grownInts(this.type, size);
    this.unplayed = grownFloats(this.unplayed, size);
    this.played = grownFloats(this.played, size);
    this.usd = grownFloats(this.usd, size);
    this.ratio = grownFloats(this.ratio, size);
  }
}

function grownFloats(old: Float64Array, size: number): Float64Array<ArrayBuffer> {
  const next = new Float64Array(size);
  next.set(old);
  return next;
}

function grownInts(old: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(size);
  next.set(old);
  return next;
}

/** A growing list of numbers in a Float64Array (outside the JS heap). */
export class NumberList {
  length = 0;
  private values = new Float64Array(FIRST_CAPACITY);

  push(value: number): void {
    if (this.length === this.values.length) this.values = grownFloats(this.values, this.values.length * 2);
    this.values[this.length++] = value;
  }

  at(i: number): number {
    return this.values[i];
  }
}
