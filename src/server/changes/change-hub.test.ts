import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANGE_STREAM_LIMITS, ChangeHub, type StreamSink } from './change-hub';

// The hub's bounds on their own, with a clock and sinks the test holds (decision 150).

let clock = Date.parse('2026-11-26T09:00:00.000Z');
const limits = { ...CHANGE_STREAM_LIMITS, total: 4, perUser: 2 };
const hubOf = (more: Partial<typeof limits> = {}) => new ChangeHub({ ...limits, ...more }, () => clock);

/** A sink that keeps what it was sent, `behind` as the test sets it. */
function sink(behind = 0) {
  const s = { texts: [] as string[], behind, ended: false };
  const it: StreamSink = { write: (t) => void s.texts.push(t), behind: () => s.behind, end: () => void (s.ended = true) };
  return { s, it };
}
const signedIn = (userId: number, still: () => boolean = () => true) => ({ userId, stillSignedIn: async () => still() });
const ids = (texts: string[]) => texts.map((t) => /^id: (\d+)/.exec(t)?.[1]).map(Number);

afterEach(() => vi.useRealTimers());

describe('the change hub', () => {
  it('numbers events upward from the clock at start-up and replays what a reconnect missed, in order', () => {
    const hub = hubOf();
    const first = hub.emit({ kind: 'customer.changed', customerId: 1 }, 7);
    expect(first.id).toBe(clock * 1000);
    expect(first.data).toEqual({ kind: 'customer.changed', customerId: 1, at: '2026-11-26T09:00:00.000Z', userId: 7 });
    const second = hub.emit({ kind: 'casino.changed', casinoId: 2 }, 7);
    const third = hub.emit({ kind: 'transaction.created', transactionId: 3, customerId: 1, casinoId: 2 }, null);
    expect([second.id, third.id]).toEqual([first.id + 1, first.id + 2]);

    const late = sink();
    hub.open(signedIn(7), late.it, String(first.id));
    expect(late.s.texts).toEqual([
      `id: ${second.id}\nevent: casino.changed\ndata: {"kind":"casino.changed","casinoId":2,"at":"2026-11-26T09:00:00.000Z","userId":7}\n\n`,
      `id: ${third.id}\nevent: transaction.created\ndata: ${JSON.stringify(third.data)}\n\n`,
    ]);
    // Up to date: nothing to replay. A new stream gets the current id alone.
    const current = sink();
    hub.open(signedIn(8), current.it, String(third.id));
    expect(current.s.texts).toEqual([]);
    const fresh = sink();
    hub.open(signedIn(9), fresh.it, undefined);
    expect(fresh.s.texts).toEqual([`id: ${third.id}\n\n`]);
    // Then every stream gets each new event once.
    hub.emit({ kind: 'link.changed', customerId: 1, casinoId: 2 }, 7);
    for (const s of [late.s, current.s, fresh.s]) expect(ids(s.texts).at(-1)).toBe(third.id + 1);
  });

  it('answers one reset when the Last-Event-ID is older than 10 minutes, unknown, or from another run', () => {
    const before = new ChangeHub(limits, () => clock - 60_000);
    const old = before.emit({ kind: 'customer.changed', customerId: 1 }, 1);
    const hub = hubOf();
    const first = hub.emit({ kind: 'customer.changed', customerId: 1 }, 1);
    clock += 5 * 60_000;
    hub.emit({ kind: 'customer.changed', customerId: 2 }, 1);
    const reset = `id: ${first.id + 1}\nevent: reset\ndata: {}\n\n`;
    for (const lastId of [String(old.id), '12', 'abc', String(first.id + 5)]) {
      const s = sink();
      hub.open(signedIn(1), s.it, lastId);
      expect(s.s.texts, lastId).toEqual([reset]);
    }
    // Within 10 minutes the first is replayable from just before it; past them it is forgotten.
    const within = sink();
    hub.open(signedIn(2), within.it, String(first.id - 1));
    expect(ids(within.s.texts)).toEqual([first.id, first.id + 1]);
    clock += 5 * 60_000 + 1;
    const past = sink();
    hub.open(signedIn(3), past.it, String(first.id - 1));
    expect(past.s.texts).toEqual([reset]);
    const kept = sink();
    hub.open(signedIn(3), kept.it, String(first.id));
    expect(ids(kept.s.texts)).toEqual([first.id + 1]);
  });

  it('keeps at most keptMax events whatever their age', () => {
    const hub = hubOf({ keptMax: 3 });
    const first = hub.emit({ kind: 'customer.changed' }, 1);
    for (let i = 0; i < 4; i++) hub.emit({ kind: 'customer.changed' }, 1);
    const s = sink();
    hub.open(signedIn(1), s.it, String(first.id));
    expect(s.s.texts[0]).toContain('event: reset');
    const t = sink();
    hub.open(signedIn(1), t.it, String(first.id + 1));
    expect(ids(t.s.texts)).toEqual([first.id + 2, first.id + 3, first.id + 4]);
  });

  it('refuses a stream past the per-user and total bounds, and counts a closed one out', () => {
    const hub = hubOf();
    const close = hub.open(signedIn(1), sink().it, undefined);
    hub.open(signedIn(1), sink().it, undefined);
    expect(hub.refusal(1)).toBe('At most 2 change streams per user are open at once');
    expect(hub.refusal(2)).toBeNull();
    close();
    expect(hub.refusal(1)).toBeNull();
    hub.open(signedIn(1), sink().it, undefined);
    hub.open(signedIn(2), sink().it, undefined);
    hub.open(signedIn(3), sink().it, undefined);
    expect(hub.refusal(4)).toBe('Too many open change streams on this server; try again later');
    hub.closeAll();
    expect(hub.count()).toBe(0);
  });

  it('drops a reader that has fallen behind instead of buffering for it', () => {
    const hub = hubOf({ behindBytes: 1000 });
    const slow = sink();
    const quick = sink();
    hub.open(signedIn(1), slow.it, undefined);
    hub.open(signedIn(2), quick.it, undefined);
    hub.emit({ kind: 'customer.changed' }, 1);
    slow.s.behind = 1001;
    hub.emit({ kind: 'customer.changed' }, 1);
    expect(slow.s.ended).toBe(true);
    expect(slow.s.texts).toHaveLength(2);
    expect(quick.s.texts).toHaveLength(3);
    expect(hub.count()).toBe(1);
  });

  it('sends a comment every 25 s and ends a stream whose sign-in has ended', async () => {
    vi.useFakeTimers();
    const hub = hubOf();
    let still = true;
    const s = sink();
    hub.open(
      signedIn(1, () => still),
      s.it,
      undefined,
    );
    await vi.advanceTimersByTimeAsync(24_999);
    expect(s.s.texts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.s.texts.at(-1)).toBe(': keep-alive\n\n');
    still = false;
    await vi.advanceTimersByTimeAsync(25_000);
    expect(s.s.ended).toBe(true);
    expect(s.s.texts).toHaveLength(2);
    expect(hub.count()).toBe(0);
  });
});
