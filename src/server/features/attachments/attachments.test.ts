import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from '../../server';
import { openDatabase } from '../../db/database';
import { backupTo } from '../../db/backup';
import { FILES, multipartBody } from '../../testing/attachment-upload';
import { entryOf, type Pair } from '../../testing/fixtures';
import { runCommand } from '../../testing/run-command';
import { tempDir, testConfig } from '../../testing/test-db';
import { aliceAtLucky, type TestServer, type TestUser } from '../../testing/test-server';

let s: TestServer;
let staff: TestUser;
let admin: TestUser;
let pair: Pair;
let transactionId: number;
beforeEach(async () => {
  ({ s, staff, admin, pair } = await aliceAtLucky({ timeZone: 'UTC', attachmentMaxBytes: 4096 }));
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/transactions',
    headers: staff.auth,
    payload: entryOf(pair, { unplayedCoinsChange: '5.00' }),
  });
  transactionId = res.json().id;
});
afterEach(() => s.stop());

async function upload(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }, auth = staff.auth) {
  const body = await multipartBody(fields, file);
  return s.app.inject({
    method: 'POST',
    url: '/api/attachments',
    headers: { ...auth, 'content-type': body.contentType },
    payload: body.payload,
  });
}
const get = (url: string, auth = staff.auth) => s.app.inject({ url, headers: auth });
const stored = async () => ({
  files: (await s.database.db.selectFrom('attachmentFiles').select('sha256').execute()).length,
  attachments: (await s.database.db.selectFrom('attachments').select('id').execute()).length,
});

describe('POST /api/attachments', () => {
  it('accepts PNG, JPEG, WebP and PDF by their bytes, whatever they are called, and sends the bytes back unchanged', async () => {
    const cases = [
      ['png', 'balance.png', 'image/png'],
      ['jpeg', 'receipt', 'image/jpeg'],
      ['webp', 'screen.bin', 'image/webp'],
      ['pdf', 'payout.txt', 'application/pdf'],
    ] as const;
    for (const [kind, name, type] of cases) {
      const res = await upload({ transactionId: String(transactionId) }, { bytes: FILES[kind], name, type: 'text/plain' });
      expect(res.statusCode, kind).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        name,
        type,
        size: FILES[kind].length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        createdAt: expect.any(String),
        createdBy: 'Sam Staff',
        createdByUserId: staff.id,
      });
      const content = await get(`/api/attachments/${res.json().id}/content`);
      expect(content.statusCode).toBe(200);
      expect(content.rawPayload.equals(FILES[kind])).toBe(true);
      expect(content.headers['content-type']).toBe(type);
      expect(content.headers['x-content-type-options']).toBe('nosniff');
      expect(content.headers['cache-control']).toBe('private, no-store');
      expect(content.headers['content-disposition']).toBe(`inline; filename="${name}"; filename*=UTF-8''${name}`);
    }
    const list = (await get(`/api/attachments?transactionId=${transactionId}`)).json();
    expect(list.map((a: { name: string }) => a.name)).toEqual(['balance.png', 'receipt', 'screen.bin', 'payout.txt']);
    const audit = await s.database.db.selectFrom('auditLog').select(['action', 'entityId']).where('entity', '=', 'attachment').execute();
    expect(audit).toHaveLength(4);
  });

  it('refuses a renamed executable and plain text with 415, keeping nothing', async () => {
    for (const bytes of [FILES.exe, Buffer.from('hello, not an image')]) {
      const res = await upload({ transactionId: String(transactionId) }, { bytes, name: 'photo.png', type: 'image/png' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: 'Only PNG, JPEG, WebP and PDF files can be attached' });
    }
    expect(await stored()).toEqual({ files: 0, attachments: 0 });
  });

  it('answers 413 past ATTACHMENT_MAX_BYTES and keeps nothing', async () => {
    const big = Buffer.concat([FILES.png, Buffer.alloc(5000)]);
    const res = await upload({ transactionId: String(transactionId) }, { bytes: big, name: 'big.png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than the attachment limit of 4 KB (ATTACHMENT_MAX_BYTES)');
    expect(await stored()).toEqual({ files: 0, attachments: 0 });
  });

  it('stores the same bytes once for two attachments, and keeps them until the last is deleted', async () => {
    const a = (await upload({ transactionId: String(transactionId) }, { bytes: FILES.png, name: 'a.png' })).json();
    const b = (await upload({ customerId: String(pair.customer.id) }, { bytes: FILES.png, name: 'b.png' })).json();
    expect(a.sha256).toBe(b.sha256);
    expect(await stored()).toEqual({ files: 1, attachments: 2 });
    expect((await s.app.inject({ method: 'DELETE', url: `/api/attachments/${a.id}`, headers: admin.auth })).statusCode).toBe(204);
    expect(await stored()).toEqual({ files: 1, attachments: 1 });
    expect((await get(`/api/attachments/${b.id}/content`)).rawPayload.equals(FILES.png)).toBe(true);
    expect((await s.app.inject({ method: 'DELETE', url: `/api/attachments/${b.id}`, headers: staff.auth })).statusCode).toBe(204);
    expect(await stored()).toEqual({ files: 0, attachments: 0 });
  });

  it('needs exactly one owner that exists, a file, and a signed-in writer', async () => {
    const file = { bytes: FILES.png, name: 'a.png' };
    const two = await upload({ transactionId: String(transactionId), customerId: String(pair.customer.id) }, file);
    expect(two.statusCode).toBe(400);
    expect(two.json().errors).toEqual([
      { path: 'transactionId', message: 'Give exactly one of transactionId, redemptionId, reconciliationId and customerId' },
    ]);
    expect((await upload({}, file)).statusCode).toBe(400);
    expect((await upload({ transactionId: String(transactionId) })).json().errors).toEqual([
      { path: 'file', message: 'A file is required' },
    ]);
    expect((await upload({ redemptionId: '999' }, file)).statusCode).toBe(404);
    expect((await upload({ transactionId: String(transactionId) }, file, {} as { authorization: string })).statusCode).toBe(401);
    expect(await stored()).toEqual({ files: 0, attachments: 0 });
  });
});

describe('who may see and delete attachments', () => {
  it("keeps a deleted transaction's attachments for a restore, for admins only", async () => {
    const a = (await upload({ transactionId: String(transactionId) }, { bytes: FILES.pdf, name: 'proof.pdf' })).json();
    expect((await s.app.inject({ method: 'DELETE', url: `/api/transactions/${transactionId}`, headers: staff.auth })).statusCode).toBe(204);
    expect((await get(`/api/attachments?transactionId=${transactionId}`)).statusCode).toBe(403);
    expect((await get(`/api/attachments/${a.id}/content`)).statusCode).toBe(403);
    expect((await get(`/api/attachments/${a.id}/content`, admin.auth)).rawPayload.equals(FILES.pdf)).toBe(true);
    expect(
      (await s.app.inject({ method: 'POST', url: `/api/transactions/${transactionId}/restore`, headers: admin.auth })).statusCode,
    ).toBe(200);
    expect((await get(`/api/attachments?transactionId=${transactionId}`)).json()).toHaveLength(1);
  });

  it('lets only the author or an admin delete, and nobody signed out read', async () => {
    const a = (await upload({ customerId: String(pair.customer.id) }, { bytes: FILES.jpeg, name: 'id.jpg' }, admin.auth)).json();
    const del = await s.app.inject({ method: 'DELETE', url: `/api/attachments/${a.id}`, headers: staff.auth });
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ message: 'Only its author or an admin can delete this attachment' });
    expect((await s.app.inject({ url: `/api/attachments/${a.id}/content` })).statusCode).toBe(401);
    expect((await s.app.inject({ url: `/api/attachments?customerId=${pair.customer.id}` })).statusCode).toBe(401);
    expect((await get(`/api/attachments/${a.id + 100}/content`)).statusCode).toBe(404);
  });
});

describe('backup and restore', () => {
  it('carries every attachment: a backup restored into a new data folder serves each one unchanged', async () => {
    const kinds = ['png', 'jpeg', 'webp', 'pdf'] as const;
    const ids: number[] = [];
    for (const kind of kinds)
      ids.push((await upload({ transactionId: String(transactionId) }, { bytes: FILES[kind], name: `${kind}.file` })).json().id);
    const folder = tempDir('ledger-attachments-');
    const backup = path.join(folder, 'backup.db');
    await backupTo(s.database.sqlite, backup);

    const target = path.join(folder, 'new-data', 'app.db');
    const restored = runCommand('restore.ts', [backup], { DATABASE_PATH: target });
    expect(restored.status, restored.stderr).toBe(0);
    const config = testConfig({ databasePath: target });
    const other = await createServer({
      config,
      database: openDatabase(target),
      dataDir: path.dirname(target),
      logger: false,
      announce: () => {},
    });
    try {
      for (const [i, kind] of kinds.entries()) {
        const res = await other.app.inject({ url: `/api/attachments/${ids[i]}/content`, headers: staff.auth });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(FILES[kind])).toBe(true);
      }
    } finally {
      await other.stop();
    }
  });
});
