import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type OpenedDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** A fresh, migrated in-memory database. */
export async function createTestDatabase(): Promise<OpenedDatabase> {
  const database = openDatabase(':memory:');
  await migrateToLatest(database.db);
  return database;
}

export function tempDir(prefix = 'ledger-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databasePath: ':memory:',
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    appUrl: 'http://localhost:3000',
    mailFrom: 'Coin Ledger <no-reply@localhost>',
    timeZone: 'UTC',
    logLevel: 'silent',
    backupKeep: 0,
    importMaxBytes: 50 * 1024 * 1024,
    attachmentMaxBytes: 10 * 1024 * 1024,
    sessionIdleMinutes: 120,
    sessionMaxHours: 12,
    requireTwoFactor: 'off',
    eventStreamsMax: 200,
    ...overrides,
  };
}
