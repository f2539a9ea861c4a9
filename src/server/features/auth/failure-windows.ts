/** Counts per key inside a fixed window that starts with the key's first count. */
export class FailureWindows {
  private readonly windows = new Map<string, { failures: number; startedAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  count(key: string): number {
    const entry = this.windows.get(key);
    if (!entry) return 0;
    if (this.now() - entry.startedAt > this.windowMs) {
      this.windows.delete(key);
      return 0;
    }
    return entry.failures;
  }

  add(key: string, delta: 1 | -1): void {
    const failures = this.count(key) + delta;
    const entry = this.windows.get(key);
    if (entry) entry.failures = Math.max(0, failures);
    else if (delta > 0) this.windows.set(key, { failures: 1, startedAt: this.now() });
    if (this.windows.size > 50_000) for (const k of [...this.windows.keys()]) this.count(k);
  }

  clear(key: string): void {
    this.windows.delete(key);
  }
}
