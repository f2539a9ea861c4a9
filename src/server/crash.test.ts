import crypto from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { formatHundredths } from '../shared/money';
import { verifyDatabaseFile } from './db/backup';
import { spawnServer, type SpawnedServer } from './testing/spawn-server';
import { tempDir } from './testing/test-db';

/**
 * Crash safety: a write storm against the real server process, killed with SIGKILL at random moments.
 * CRASH_KILLS sets how many kills (3 in `npm test`; `CRASH_KILLS=25 npx vitest run src/server/crash.test.ts`
 * is the long local run). After every kill the file must pass integrity_check and both ledger
 * invariants, and hold every write that got a 2xx; at the end, replaying the writes whose answer was
 * lost (same Idempotency-Key) must leave exactly one transaction per key.
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 3);
const WORKERS = 8;
const ADMIN = { email: 'admin@example.com', password: 'Crash1234' };

interface Body {
  customerId: number;
  casinoId: number;
  transactionTypeId: number;
  unplayedCoinsChange: string;
  playedCoinsChange: string;
  usdChange: string;
}
interface Pair {
  customerId: number;
  casinoId: number;
  transactionTypeId: number;
}

const randomHundredths = () => crypto.randomInt(-50_000, 50_001);
const toCents = (decimal: string) => Math.round(Number(decimal) * 100);

async function call(url: string, token: string | null, method: string, p: string, body?: unknown, key?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['idempotency-key'] = key;
  const res = await fetch(`${url}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = res.status === 204 ? null : ((await res.json()) as Record<string, unknown>);
  return { status: res.status, json };
}

async function expectOk(promise: ReturnType<typeof call>) {
  const res = await promise;
  if (res.status >= 300) throw new Error(`setup call failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json!;
}

/** Two customers at three casinos: six pairs, each with its own Purchase type. */
async function setUpPairs(url: string, token: string): Promise<Pair[]> {
  const pairs: Pair[] = [];
  const customers = [];
  for (const name of ['Crash Customer A', 'Crash Customer B'])
    customers.push(await expectOk(call(url, token, 'POST', '/api/customers', { name })));
  for (const name of ['Crash Casino 1', 'Crash Casino 2', 'Crash Casino 3']) {
    const casino = await expectOk(call(url, token, 'POST', '/api/casinos', { name, scRatio: 1000 }));
    const type = await expectOk(call(url, token, 'POST', '/api/transaction-types', { name: 'Purchase', casinoId: casino.id }));
    for (const customer of customers) {
      await expectOk(call(url, token, 'POST', '/api/customer-casinos', { customerId: customer.id, casinoId: casino.id, status: 'active' }));
      pairs.push({ customerId: customer.id as number, casinoId: casino.id as number, transactionTypeId: type.id as number });
    }
  }
  return pairs;
}

/** Opens the file read-write (recovering the WAL a killed process leaves), then runs the restore checks. */
async function checkFile(file: string) {
  new SQLite(file).close();
  const report = await verifyDatabaseFile(file);
  expect(report.problems).toEqual([]);
  expect(report.integrity).toBe('ok');
  return report;
}

describe('crash safety', () => {
  it(`keeps every acknowledged write through ${KILLS} SIGKILLs during a write storm`, { timeout: 60_000 + KILLS * 20_000 }, async () => {
    const dir = tempDir('ledger-crash-');
    const file = path.join(dir, 'app.db');
    const env = {
      DATABASE_PATH: file,
      PORT: '0',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BACKUP_KEEP: '0',
    };

    let server: SpawnedServer = await spawnServer(env);
    const login = await expectOk(call(server.url, null, 'POST', '/api/auth/login', ADMIN));
    const token = login.token as string;
    const pairs = await setUpPairs(server.url, token);

    const acknowledged = new Map<string, { id: number; body: Body }>();
    const lost = new Map<string, Body>();
    const stats: { attempted: number; acknowledged: number; lost: number }[] = [];

    for (let round = 0; round < KILLS; round++) {
      if (round > 0) server = await spawnServer(env);
      const { url, child, exited } = server;
      let killed = false;
      let attempted = 0;
      let acked = 0;
      const worker = async () => {
        while (!killed) {
          // Most writes spread over the pairs; every third goes to the first pair (contention on one row).
          const pair = attempted % 3 === 0 ? pairs[0] : pairs[crypto.randomInt(pairs.length)];
          const body: Body = {
            ...pair,
            unplayedCoinsChange: formatHundredths(randomHundredths()),
            playedCoinsChange: formatHundredths(randomHundredths()),
            usdChange: formatHundredths(randomHundredths()),
          };
          const key = crypto.randomUUID();
          attempted += 1;
          try {
            const res = await call(url, token, 'POST', '/api/transactions', body, key);
            if (res.status !== 201) throw new Error(`write refused: ${res.status} ${JSON.stringify(res.json)}`);
            acknowledged.set(key, { id: res.json!.id as number, body });
            acked += 1;
          } catch (error) {
            if (!killed) throw error;
            lost.set(key, body);
          }
        }
      };
      const storm = Promise.all(Array.from({ length: WORKERS }, worker));
      await new Promise((r) => setTimeout(r, crypto.randomInt(300, 1200)));
      killed = true;
      child.kill('SIGKILL');
      expect(await exited).toBe(null);
      await storm;
      stats.push({ attempted, acknowledged: acked, lost: attempted - acked });
      expect(acked).toBeGreaterThan(0);

      await checkFile(file);
      const db = new SQLite(file, { readonly: true });
      const read = db.prepare(
        'select "customerId", "casinoId", "transactionTypeId", "unplayedCoinsChange", "playedCoinsChange", "usdChange" from transactions where id = ?',
      );
      for (const { id, body } of acknowledged.values()) {
        expect(read.get(id)).toEqual({
          customerId: body.customerId,
          casinoId: body.casinoId,
          transactionTypeId: body.transactionTypeId,
          unplayedCoinsChange: toCents(body.unplayedCoinsChange),
          playedCoinsChange: toCents(body.playedCoinsChange),
          usdChange: toCents(body.usdChange),
        });
      }
      db.close();
    }

    // Retrying the writes whose answer was lost, with the same keys, records each of them once.
    server = await spawnServer(env);
    for (const [key, body] of lost) {
      const res = await call(server.url, token, 'POST', '/api/transactions', body, key);
      expect(res.status).toBe(201);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const report = await checkFile(file);
    expect(report.transactions).toBe(acknowledged.size + lost.size);

    console.info(
      `crash test: ${KILLS} kills survived; per run ${stats.map((s) => `${s.attempted} attempted / ${s.acknowledged} acknowledged`).join(', ')}; ${lost.size} unanswered writes replayed once each`,
    );
  });
});
