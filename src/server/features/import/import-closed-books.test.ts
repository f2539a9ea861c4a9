import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/database';
import { pairFixture } from '../../testing/fixtures';
import { createTestDatabase, tempDir } from '../../testing/test-db';
import { closeBooks } from '../books/books.repository';
import { checkLedger } from '../transactions/invariants';
import { insertUser } from '../users/users.repository';
import { createImporter, type ImportRequest } from './importer';

// An import writes its batches one by one (decision 080): the books closed between two of them stop it
// there, and its caller hears of every write, also when it stops partway (so the change stream tells).
let database: OpenedDatabase;
let dir: string;
let user: { id: number; email: string; firstName: string | null; lastName: string | null };
beforeEach(async () => {
  database = await createTestDatabase();
  user = await insertUser(database.db, { email: 'books@example.com', passwordHash: 'x', firstName: null, lastName: null, role: 'admin' });
  await pairFixture(database.db, { customerName: 'Alice', casinoName: 'Lucky' });
  dir = tempDir();
});
afterEach(() => database.close());

const ROWS = 3000;
function request(dryRun = false): ImportRequest {
  const file = path.join(dir, `in-${Math.random()}.csv`);
  const lines = Array.from(
    { length: ROWS },
    (_, i) => `${new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()},Alice,Lucky,Purchase,${i}.25,0,-1`,
  );
  fs.writeFileSync(
    file,
    `Date,Customer,Casino,Transaction Type,Unplayed Coins Change,Played Coins Change,USD Change\r\n${lines.join('\r\n')}\r\n`,
  );
  return {
    kind: 'transactions',
    file,
    format: 'csv',
    options: { dryRun, createMissing: false, skipInvalid: false, mapping: {} },
    actor: { id: user.id, email: user.email },
  };
}
const stored = async () => (await database.db.selectFrom('transactions').select('id').execute()).length;

describe('an import and the books', () => {
  it('tells its caller of each write, and of none on a dry run', async () => {
    const importer = createImporter(database.db, ':memory:', dir, 'UTC');
    let writes = 0;
    await importer.run(request(true), undefined, () => writes++);
    expect(writes).toBe(0);
    const result = await importer.run(request(), undefined, () => writes++);
    expect(result).toMatchObject({ committed: true, created: { transactions: ROWS } });
    // Two batches or more (the names exist: nothing else to write).
    expect(writes).toBeGreaterThanOrEqual(2);
  });

  it('stops at the next batch when the books are closed while it writes, keeping the batches before', async () => {
    const importer = createImporter(database.db, ':memory:', dir, 'UTC');
    let writes = 0;
    let closing: Promise<unknown> = Promise.resolve();
    const run = importer.run(request(), undefined, () => {
      writes += 1;
      // After two batches (no names to create), the books close through the file's days before the next batch.
      if (writes === 2) closing = closeBooks(database.db, user, '2026-01-31', null, 'UTC', new Date('2026-11-26T12:00:00Z'));
    });
    await expect(run).rejects.toThrow(
      /^The books are closed through .+: nothing dated on or before it can be added, changed or removed\. The import stopped after writing [\d,]+ of 3,000 rows/,
    );
    await closing;
    expect(writes).toBe(2);
    const written = await stored();
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(ROWS);
    expect(await checkLedger(database.db, 5)).toEqual({ badLinks: [], badTransactions: [], badTotals: [], orphans: 0 });
  });
});
