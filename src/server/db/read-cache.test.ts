import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../testing/test-db';
import { applyPragmas } from './database';
import { RawJson, ReadCache } from './read-cache';

function fileDb() {
  const file = path.join(tempDir('ledger-cache-'), 'c.db');
  const own = new SQLite(file);
  applyPragmas(own);
  own.exec('create table t (x integer)');
  return { file, own };
}
const sum = (db: SQLite.Database) => async () => ({ total: (db.prepare('select coalesce(sum(x), 0) s from t').get() as { s: number }).s });

afterEach(() => vi.useRealTimers());

describe('read cache', () => {
  it('answers repeats from memory until this connection writes', async () => {
    const { own } = fileDb();
    const cache = new ReadCache(own);
    const load = vi.fn(sum(own));
    expect(await cache.through('k', load)).toEqual({ total: 0 });
    expect(await cache.through('k', load)).toEqual({ total: 0 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.hits).toBe(1);

    own.prepare('insert into t values (5)').run();
    expect(await cache.through('k', load)).toEqual({ total: 5 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('sees a commit by another connection (a script) within 100 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { file, own } = fileDb();
    const cache = new ReadCache(own);
    expect(await cache.through('k', sum(own))).toEqual({ total: 0 });
    const other = new SQLite(file);
    other.prepare('insert into t values (7)').run();
    other.close();
    vi.advanceTimersByTime(100);
    expect(await cache.through('k', sum(own))).toEqual({ total: 7 });
  });

  it('does not keep an answer loaded while a write happened', async () => {
    const { own } = fileDb();
    const cache = new ReadCache(own);
    const first = await cache.through('k', async () => {
      const before = await sum(own)();
      own.prepare('insert into t values (1)').run();
      return before;
    });
    expect(first).toEqual({ total: 0 });
    expect(await cache.through('k', sum(own))).toEqual({ total: 1 });
  });

  it('shares one load between concurrent misses, and hands JSON-only callers the bytes', async () => {
    const { own } = fileDb();
    const cache = new ReadCache(own);
    const load = vi.fn(sum(own));
    const [a, b] = await Promise.all([cache.through('k', load), cache.through('k', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    const raw = await cache.through('k', load, true);
    expect(raw).toBeInstanceOf(RawJson);
    expect((raw as RawJson).json.toString()).toBe('{"total":0}');
    expect(await cache.through('k', load)).toEqual({ total: 0 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stays within its byte budget, and lets an answer asked for again push out a one-off', async () => {
    const { own } = fileDb();
    const cache = new ReadCache(own, 1000);
    const big = (n: number) => async () => ({ n, pad: 'x'.repeat(200) });
    for (let i = 0; i < 10; i++) await cache.through(`k${i}`, big(i));
    expect(cache.size).toBe(4);
    const again = vi.fn(big(9));
    await cache.through('k9', again);
    await cache.through('k9', again);
    expect(again).toHaveBeenCalledTimes(1);
    expect(cache.size).toBe(4);
  });

  it('keeps a popular answer through a stream of one-off requests once the budget is spent', async () => {
    const { own } = fileDb();
    const cache = new ReadCache(own, 1000);
    const big = (n: number) => async () => ({ n, pad: 'x'.repeat(200) });
    for (let i = 0; i < 3; i++) await cache.through(`one-off-${i}`, big(i));
    for (let i = 0; i < 3; i++) await cache.through('popular', big(99));
    for (let i = 3; i < 40; i++) await cache.through(`one-off-${i}`, big(i));
    const popular = vi.fn(big(99));
    await cache.through('popular', popular);
    expect(popular).not.toHaveBeenCalled();
    expect(cache.size).toBeLessThanOrEqual(4);
  });
});
