import type SQLite from 'better-sqlite3';

const EXTERNAL_CHECK_MS = 100;
const MAX_COUNTED = 10_000;

/**
 * An answer as JSON bytes, handed to callers that only send it on (REST, the tRPC fast path): every
 * response shares the cache's bytes, so a large answer is never serialised or copied per request.
 */
export class RawJson {
  constructor(readonly json: Buffer) {}
}

/**
 * Answers of read procedures, kept as JSON bytes until the database changes. The version is SQLite's
 * own: total_changes() counts every row this connection writes (the server's single connection does
 * all of its writes; checked on every call, a fraction of a microsecond), and data_version moves when
 * another connection commits (a script; checked at most every EXTERNAL_CHECK_MS, as the pragma costs
 * microseconds). Any change drops every entry.
 *
 * Only bytes are kept (outside the JavaScript heap, counted exactly against the budget), so a cache
 * that turns over does not leave the garbage collector a growing heap. Entries are kept in
 * least-recently-used order; concurrent misses for one key share one load. When a new answer does not
 * fit, it is kept only if its key has been asked for more often than the entry it would push out (a
 * frequency doorkeeper): a stream of one-off requests cannot flush the popular answers.
 */
export class ReadCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly loading = new Map<string, Promise<{ value: unknown; json: Buffer }>>();
  /** How often each key was asked for lately (forgotten wholesale past MAX_COUNTED keys). */
  private readonly counts = new Map<string, number>();
  private readonly changes: SQLite.Statement | null;
  private readonly dataVersion: SQLite.Statement | null;
  private external: unknown = null;
  private externalCheckedAt = 0;
  private version = '';
  private bytes = 0;
  hits = 0;

  constructor(
    sqlite: SQLite.Database | null,
    private readonly maxBytes = 32 * 2 ** 20,
  ) {
    this.changes = sqlite ? sqlite.prepare('select total_changes()').pluck() : null;
    this.dataVersion = sqlite ? sqlite.prepare('pragma data_version').pluck() : null;
  }

  /** Drops every entry when the database has changed since the last look. */
  private sync(): void {
    const now = Date.now();
    if (this.dataVersion && now - this.externalCheckedAt >= EXTERNAL_CHECK_MS) {
      this.externalCheckedAt = now;
      this.external = this.dataVersion.get();
    }
    const version = this.changes ? `${String(this.changes.get())}:${String(this.external)}` : '';
    if (version === this.version) return;
    this.version = version;
    this.entries.clear();
    this.loading.clear();
    this.bytes = 0;
  }

  /**
   * The answer for `key`, loaded when not cached. With `asJson` it comes as RawJson (for callers that
   * send it on); otherwise as the value itself (parsed from the cached JSON on a hit).
   */
  through<T>(key: string, load: () => Promise<T>): Promise<T>;
  through<T>(key: string, load: () => Promise<T>, asJson: boolean | undefined): Promise<T | RawJson>;
  async through<T>(key: string, load: () => Promise<T>, asJson = false): Promise<T | RawJson> {
    this.sync();
    this.count(key);
    const hit = this.entries.get(key);
    if (hit) {
      this.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, hit);
      return asJson ? new RawJson(hit) : (JSON.parse(hit.toString()) as T);
    }
    let pending = this.loading.get(key);
    if (!pending) {
      const version = this.version;
      pending = load().then((value) => {
        const json = Buffer.from(JSON.stringify(value) ?? 'null');
        this.sync();
        if (this.version === version) this.store(key, json);
        return { value, json };
      });
      this.loading.set(key, pending);
      const mine = pending;
      void mine.then(
        () => this.loading.get(key) === mine && this.loading.delete(key),
        () => this.loading.get(key) === mine && this.loading.delete(key),
      );
    }
    const { value, json } = await pending;
    return asJson ? new RawJson(json) : (value as T);
  }

  private count(key: string): void {
    if (this.counts.size >= MAX_COUNTED && !this.counts.has(key)) this.counts.clear();
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Whether `key` has been asked for more often than the entry that would make room for it. */
  private moreWanted(key: string): boolean {
    const victim = this.entries.keys().next().value;
    return victim === undefined || (this.counts.get(key) ?? 0) > (this.counts.get(victim) ?? 0);
  }

  private store(key: string, json: Buffer): void {
    // Up to three quarters of the budget for one answer: every row of Profitability on 80,000 pairs fits.
    if (json.length > this.maxBytes * 0.75) return;
    if (this.bytes + json.length > this.maxBytes && !this.moreWanted(key)) return;
    this.entries.set(key, json);
    this.bytes += json.length;
    for (const [oldest, bytes] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= bytes.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
