import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEventStream } from '../testing/event-stream';
import { pairFixture, type Pair } from '../testing/fixtures';
import { inject } from '../testing/rest';
import { createTestServer, TEST_PASSWORD, type TestServer, type TestUser } from '../testing/test-server';

// GET /api/events over a real connection: signed in by the Authorization header, one event per change,
// a reconnect's replay or reset, the bounds (429), a slow reader dropped, and streams that end with
// their sign-in (decision 150).

let s: TestServer;
let base: string;
let staff: TestUser;
let admin: TestUser;
let alice: Pair;
const open: { close(): void }[] = [];

beforeEach(async () => {
  s = await createTestServer({ eventStreamsMax: 12 });
  base = await s.app.listen({ port: 0, host: '127.0.0.1' });
  staff = await s.addUser('staff');
  admin = await s.addUser('admin');
  alice = await pairFixture(s.database.db, { customerName: 'Alice', casinoName: 'Lucky' });
});
afterEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  await s.stop();
});

async function stream(headers: Record<string, string>) {
  const opened = await openEventStream(base, headers);
  open.push(opened);
  return opened;
}
const purchase = (auth: Record<string, string> = staff.auth) =>
  inject(s.app, 'POST', '/api/transactions', auth, {
    customerId: alice.customer.id,
    casinoId: alice.casino.id,
    transactionTypeId: alice.type.id,
    unplayedCoinsChange: '22000.00',
    playedCoinsChange: '0.00',
    usdChange: '-20.00',
  });
/** Another sign-in of the same user: its own session and token. */
const secondSession = async (user: TestUser) => ({
  authorization: `Bearer ${await s.services.sessions.start({ id: user.id, tokenVersion: 0 }, { ip: '127.0.0.1', userAgent: 'second' })}`,
});
/** Whether the server ends the stream (after any events still on their way). */
async function ends(events: Awaited<ReturnType<typeof stream>>) {
  for (let i = 0; i < 10; i++) if ((await events.next()) === null) return true;
  return false;
}
/** Waits until the server has counted the streams in or out. */
async function streamsOpen(n: number) {
  for (let i = 0; i < 100 && s.services.changes.count() !== n; i++) await new Promise((r) => setTimeout(r, 10));
  expect(s.services.changes.count()).toBe(n);
}

describe('GET /api/events', () => {
  it('needs the bearer token in the Authorization header, never in the URL', async () => {
    expect((await stream({})).status).toBe(401);
    const inUrl = await fetch(`${base}/api/events?token=${staff.token}`);
    expect(inUrl.status).toBe(401);
    expect(await inUrl.json()).toEqual({ message: 'Unauthorized' });
  });

  it('streams each committed change as id, event and data, the current id first', async () => {
    const events = await stream(staff.auth);
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(events.headers.get('cache-control')).toBe('no-store');
    expect(events.headers.get('x-content-type-options')).toBe('nosniff');
    const opening = await events.next();
    expect(opening).toEqual({ id: String(s.services.changes.lastId), comments: [] });
    const created = (await purchase()).json() as { id: number };
    const event = await events.next();
    expect(event?.id).toBe(String(Number(opening?.id) + 1));
    expect(event?.event).toBe('transaction.created');
    expect(JSON.parse(event?.data ?? '')).toMatchObject({
      kind: 'transaction.created',
      transactionId: created.id,
      customerId: alice.customer.id,
      casinoId: alice.casino.id,
      userId: staff.id,
    });
  });

  it('replays what a reconnect missed, in order, and answers one reset for an id it cannot replay', async () => {
    const first = await stream(staff.auth);
    await first.next();
    await purchase();
    const seen = await first.nextEvent();
    first.close();
    const missed = [(await purchase()).json() as { id: number }, (await purchase()).json() as { id: number }];
    const again = await stream({ ...staff.auth, 'last-event-id': seen!.id! });
    const replayed = [await again.next(), await again.next()];
    expect(replayed.map((e) => e?.id)).toEqual([String(Number(seen!.id) + 1), String(Number(seen!.id) + 2)]);
    expect(replayed.map((e) => (JSON.parse(e!.data!) as { transactionId: number }).transactionId)).toEqual(missed.map((m) => m.id));

    const stale = await stream({ ...staff.auth, 'last-event-id': '42' });
    expect(await stale.next()).toEqual({ id: String(s.services.changes.lastId), event: 'reset', data: '{}', comments: [] });
  });

  it('names on each tRPC answer where the stream stood as the read arrived; a stream opened from there replays what came after', async () => {
    const read = () => fetch(`${base}/trpc/customers.list`, { headers: staff.auth });
    const before = await read();
    expect(before.status).toBe(200);
    const cursor = before.headers.get('x-change-id');
    expect(cursor).toBe(String(s.services.changes.lastId));
    const made = (await purchase()).json() as { id: number };
    const after = await read();
    expect(Number(after.headers.get('x-change-id'))).toBe(Number(cursor) + 1);
    // A stream opened later from the first read's id gets the purchase made after that read.
    const late = await stream({ ...staff.auth, 'last-event-id': cursor! });
    const replayed = await late.next();
    expect([replayed?.id, replayed?.event]).toEqual([String(Number(cursor) + 1), 'transaction.created']);
    expect((JSON.parse(replayed!.data!) as { transactionId: number }).transactionId).toBe(made.id);
    // Only the app's reads carry it.
    expect((await fetch(`${base}/api/customers`, { headers: staff.auth })).headers.get('x-change-id')).toBeNull();
  });

  it('answers 429 past 10 streams of one user and past the server total', async () => {
    for (let i = 0; i < 10; i++) expect((await stream(staff.auth)).status).toBe(200);
    const eleventh = await stream(staff.auth);
    expect(eleventh.status).toBe(429);
    expect(JSON.parse(eleventh.body!)).toEqual({ message: 'At most 10 change streams per user are open at once' });
    // EVENT_STREAMS_MAX is 12 here.
    expect((await stream(admin.auth)).status).toBe(200);
    expect((await stream(admin.auth)).status).toBe(200);
    const past = await stream(admin.auth);
    expect(past.status).toBe(429);
    expect(JSON.parse(past.body!)).toEqual({ message: 'Too many open change streams on this server; try again later' });
    // A stream that ends frees its place.
    open[0].close();
    await streamsOpen(11);
    expect((await stream(admin.auth)).status).toBe(200);
  });

  it('drops a reader that stops reading rather than buffering for it', async () => {
    const net = await import('node:net');
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET /api/events HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${staff.auth.authorization}\r\n\r\n`);
    await streamsOpen(1);
    socket.pause();
    // The socket's buffers fill, then the server's: past 256 KB unsent the stream is dropped.
    let sent = 0;
    while (s.services.changes.count() > 0 && sent < 200_000) {
      s.services.changes.emit({ kind: 'customer.changed', customerId: alice.customer.id }, staff.id);
      sent++;
      if (sent % 1000 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(s.services.changes.count()).toBe(0);
    expect(sent).toBeLessThan(200_000);
    socket.destroy();
  });

  it('ends a stream when its session ends: logout, another session ended, password change, role, deactivation', async () => {
    const events = await stream(staff.auth);
    await events.next();
    await inject(s.app, 'POST', '/api/auth/logout', staff.auth);
    expect(await events.next()).toBeNull();

    // A password change ends the user's other sessions and their streams; the one that changed it stays.
    const [one, two] = [await secondSession(admin), await secondSession(admin)];
    const kept = await stream(one);
    const ended = await stream(two);
    await Promise.all([kept.next(), ended.next()]);
    const changed = await inject(s.app, 'POST', '/api/auth/change-password', one, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'N3w-passw0rd!',
    });
    expect(changed.statusCode).toBe(200);
    expect(await ended.next()).toBeNull();
    expect((await purchase(one)).statusCode).toBe(201);
    expect((await kept.nextEvent())?.event).toBe('transaction.created');

    // An admin changes another user's role, deactivates one, ends one's sessions: their streams end.
    for (const [change, body] of [
      ['role', { role: 'admin' }],
      ['status', { isActive: false }],
    ] as const) {
      const user = await s.addUser('staff');
      const theirs = await stream(user.auth);
      await theirs.next();
      expect((await inject(s.app, 'PATCH', `/api/admin/users/${user.id}/${change}`, one, body)).statusCode).toBe(200);
      expect(await ends(theirs)).toBe(true);
    }
    const user = await s.addUser('staff');
    const theirs = await stream(user.auth);
    await theirs.next();
    expect((await inject(s.app, 'DELETE', `/api/admin/users/${user.id}/sessions`, one)).statusCode).toBe(204);
    expect(await theirs.next()).toBeNull();
    expect(s.services.changes.count()).toBe(1);
  });

  it('ends a stream whose session timed out, at its next check', async () => {
    const events = await stream(staff.auth);
    await events.next();
    await s.database.db.updateTable('sessions').set({ lastSeenAt: '2026-01-01T00:00:00.000Z' }).where('userId', '=', staff.id).execute();
    await s.services.changes.recheck();
    expect(await events.next()).toBeNull();
  });

  it('does not keep its session from timing out: checking the sign-in is not a use of it', async () => {
    const events = await stream(staff.auth);
    await events.next();
    // Last used two minutes ago: a use now would be written (at most once a minute), a check must not be.
    const lastSeen = new Date(Date.now() - 2 * 60_000).toISOString();
    await s.database.db.updateTable('sessions').set({ lastSeenAt: lastSeen }).where('userId', '=', staff.id).execute();
    await s.services.changes.recheck();
    const row = await s.database.db.selectFrom('sessions').select('lastSeenAt').where('userId', '=', staff.id).executeTakeFirst();
    expect(row?.lastSeenAt).toBe(lastSeen);
  });
});
