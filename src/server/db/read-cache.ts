import type SQLite from 'better-sqlite3';

const EXTERNAL_CHECK_MS = 100;

interface Entry {
  value: unknown;
  /** The answer's JSON as bytes: every response shares them, so a large answer is never copied per request. */
  json: Buffer;
}

/**
 * Answers of read procedures, kept until the database changes. The version is SQLite's own:
 * total_changes() counts every row this connection writes (the server's single connection does all
 * of its writes; checked on every call, a fraction of a microsecond), and data_version moves when
 * another connection commits (a script; checked at most every EXTERNAL_CHECK_MS, as the pragma costs
 * microseconds). Any change drops every entry. Entries are kept in least-recently-used order within a
 * byte budget; concurrent misses for one key share one load.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly json = new WeakMap<object, Buffer>();
  private readonly changes: SQLite.Statement | null;
  private readonly dataVersion: SQLite.Statement | null;
  private external: unknown = null;
  private externalCheckedAt = 0;
  private version = '';
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    sqlite: SQLite.Database | null,
    private readonly maxBytes = 48 * 2 ** 20,
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

  async through<T>(key: string, load: () => Promise<T>): Promise<T> {
    this.sync();
    const hit = this.entries.get(key);
    if (hit) {
      this.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as T;
    }
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    this.misses += 1;
    const version = this.version;
    const promise = load().then((value) => {
      this.sync();
      if (this.version === version) this.store(key, value);
      return value;
    });
    this.loading.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    }
  }

  /** The JSON of a cached answer, so REST and the tRPC fast path need not serialise it again. */
  jsonOf(value: unknown): Buffer | undefined {
    return typeof value === 'object' && value !== null ? this.json.get(value) : undefined;
  }

  private store(key: string, value: unknown): void {
    const json = Buffer.from(JSON.stringify(value) ?? 'null');
    // The object graph and its JSON bytes: about three bytes of memory per byte of JSON.
    const size = json.length * 3;
    // Up to three quarters of the budget for one answer: every row of Profitability on 80,000 pairs fits.
    if (size > this.maxBytes * 0.75) return;
    if (typeof value === 'object' && value !== null) this.json.set(value, json);
    this.entries.set(key, { value, json });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.json.length * 3;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
