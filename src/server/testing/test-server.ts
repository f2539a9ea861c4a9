import type { Role } from '../../shared/constants';
import type { Config } from '../config';
import { hashPassword } from '../features/auth/passwords';
import type { ImportLimits } from '../features/import/import-limits';
import { useOfficeZone } from '../features/check-ins/check-in-days';
import { insertUser } from '../features/users/users.repository';
import { createServer, type AppServer } from '../server';
import { type AppCaller, createCaller } from '../trpc/app-router';
import { createContextInner } from '../trpc/context';
import { createTestDatabase, tempDir, testConfig } from './test-db';
import { checkAnswersAgainstContract } from './contract';
import { type Pair, pairFixture } from './fixtures';
import type { UserView } from '../../shared/schemas/users';

export const TEST_PASSWORD = 'Passw0rd!';

export interface TestServer extends AppServer {
  dataDir: string;
  /** Creates a user (password TEST_PASSWORD) and returns it with a bearer token. */
  addUser(role: Role, email?: string): Promise<UserView & { token: string; auth: { authorization: string } }>;
  caller(user: UserView | null, ip?: string): AppCaller;
}

/** A user added by `addUser`, with its token and Authorization header. */
export type TestUser = Awaited<ReturnType<TestServer['addUser']>>;

let counter = 0;

/** A server over a fresh in-memory database, ready for app.inject and tRPC callers. */
export async function createTestServer(overrides: Partial<Config> = {}, importLimits: Partial<ImportLimits> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const dataDir = tempDir();
  const config = testConfig(overrides);
  const server = await createServer({ config, database, dataDir, logger: false, announce: () => {}, importLimits });
  useOfficeZone(database.sqlite, config.timeZone);
  checkAnswersAgainstContract(server.app);
  await server.app.ready();
  return {
    ...server,
    dataDir,
    async addUser(role, email) {
      const user = await insertUser(database.db, {
        email: email ?? `${role}${++counter}@example.com`,
        passwordHash: await hashPassword(TEST_PASSWORD),
        firstName: role === 'admin' ? 'Ada' : 'Sam',
        lastName: role === 'admin' ? 'Admin' : 'Staff',
        role,
      });
      const token = await server.services.sessions.start({ id: user.id, tokenVersion: 0 }, { ip: '127.0.0.1', userAgent: 'test' });
      return { ...user, token, auth: { authorization: `Bearer ${token}` } };
    },
    caller(user, ip = '127.0.0.1') {
      return createCaller(createContextInner({ db: database.db, services: server.services, user, ip }));
    },
  };
}

/**
 * The usual world of a feature test: a server over a fresh database (with these settings), a staff user,
 * an admin and Alice's active link at Lucky with its Purchase type (pairFixture).
 */
export async function aliceAtLucky(overrides: Partial<Config> = {}) {
  const s = await createTestServer(overrides);
  const staff = await s.addUser('staff');
  const admin = await s.addUser('admin');
  const pair = await pairFixture(s.database.db, { customerName: 'Alice', casinoName: 'Lucky' });
  return { s, staff, admin, pair };
}

/** A test server with two customer-casino pairs (pairFixture) and a staff user, stopped after `run`. */
export async function withTwoPairs<T>(
  run: (t: { s: TestServer; db: TestServer['database']['db']; a: Pair; b: Pair; staff: TestUser }) => Promise<T>,
): Promise<T> {
  const s = await createTestServer();
  try {
    const db = s.database.db;
    const a = await pairFixture(db);
    const b = await pairFixture(db);
    return await run({ s, db, a, b, staff: await s.addUser('staff') });
  } finally {
    await s.stop();
  }
}
