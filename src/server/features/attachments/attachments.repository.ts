import { createHash } from 'node:crypto';
import { nameOrEmail } from '../../../shared/names';
import { ATTACHMENT_OWNERS, type AttachmentOwner, type AttachmentType, type AttachmentView } from '../../../shared/schemas/attachments';
import type { Db } from '../../db/types';
import { conflict, forbidden, notFound } from '../../errors/domain-errors';
import { type Actor, appendAudit } from '../audit/audit.repository';

type Reader = { id: number; role: string };

const OWNER_LABEL: Record<AttachmentOwner['field'], string> = {
  transactionId: 'Transaction',
  redemptionId: 'Redemption',
  reconciliationId: 'Reconciliation',
  customerId: 'Customer',
};

/**
 * The owner's own access rule applies to its attachments: a live transaction, a redemption, a
 * reconciliation or a customer is readable by anyone signed in; a deleted transaction only by admins
 * (as the deleted list and its history are). `forWrite`: a deleted transaction takes no new files.
 */
export async function checkOwner(db: Db, owner: AttachmentOwner, user: Reader, forWrite = false): Promise<void> {
  const missing = () => notFound(`${OWNER_LABEL[owner.field]} not found`);
  switch (owner.field) {
    case 'transactionId': {
      const live = await db.selectFrom('transactions').select('id').where('id', '=', owner.id).executeTakeFirst();
      if (live) return;
      const deleted = await db.selectFrom('deletedTransactions').select('id').where('id', '=', owner.id).executeTakeFirst();
      if (!deleted) throw missing();
      if (user.role !== 'admin') throw forbidden('Only an admin can see the attachments of a deleted transaction');
      if (forWrite) throw conflict('This transaction is deleted: restore it before attaching files');
      return;
    }
    case 'redemptionId':
      if (!(await db.selectFrom('redemptions').select('id').where('id', '=', owner.id).executeTakeFirst())) throw missing();
      return;
    case 'reconciliationId':
      if (!(await db.selectFrom('reconciliations').select('id').where('id', '=', owner.id).executeTakeFirst())) throw missing();
      return;
    case 'customerId':
      if (!(await db.selectFrom('customers').select('id').where('id', '=', owner.id).executeTakeFirst())) throw missing();
  }
}

const viewColumns = [
  'a.id',
  'a.name',
  'f.type',
  'f.size',
  'a.sha256',
  'a.createdAt',
  'a.createdByUserId',
  'u.firstName',
  'u.lastName',
  'u.email',
] as const;

const withFile = (db: Db) =>
  db
    .selectFrom('attachments as a')
    .innerJoin('attachmentFiles as f', 'f.sha256', 'a.sha256')
    .innerJoin('users as u', 'u.id', 'a.createdByUserId');

type ViewRow = {
  id: number;
  name: string;
  type: AttachmentType;
  size: number;
  sha256: string;
  createdAt: string;
  createdByUserId: number;
} & {
  firstName: string | null;
  lastName: string | null;
  email: string;
};

const toView = (r: ViewRow): AttachmentView => ({
  id: r.id,
  name: r.name,
  type: r.type,
  size: r.size,
  sha256: r.sha256,
  createdAt: r.createdAt,
  createdBy: nameOrEmail(r),
  createdByUserId: r.createdByUserId,
});

/** The owner's attachments, oldest first (the order they were added), after its access rule. */
export async function listAttachments(db: Db, owner: AttachmentOwner, user: Reader): Promise<AttachmentView[]> {
  await checkOwner(db, owner, user);
  const rows = await withFile(db).select(viewColumns).where(`a.${owner.field}`, '=', owner.id).orderBy('a.id').limit(500).execute();
  return rows.map(toView);
}

/** How many attachments each of these transactions has (only those with any). */
export async function attachmentCounts(db: Db, transactionIds: number[]): Promise<Record<number, number>> {
  if (transactionIds.length === 0) return {};
  const rows = await db
    .selectFrom('attachments')
    .select(['transactionId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('transactionId', 'in', transactionIds)
    .groupBy('transactionId')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.transactionId, Number(r.n)]));
}

/**
 * Keeps a file for its owner (decision 192): the bytes once per SHA-256 (the same file twice is one
 * stored copy), the attachment row and its audit entry, in one transaction.
 */
export async function storeAttachment(
  db: Db,
  owner: AttachmentOwner,
  file: { name: string; type: AttachmentType; bytes: Buffer },
  user: Actor & Reader & { email: string; firstName: string | null; lastName: string | null },
  now = new Date(),
): Promise<AttachmentView> {
  await checkOwner(db, owner, user, true);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const createdAt = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('attachmentFiles')
      .values({ sha256, type: file.type, size: file.bytes.length, content: file.bytes })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    const { id } = await trx
      .insertInto('attachments')
      .values({
        sha256,
        name: file.name,
        transactionId: null,
        redemptionId: null,
        reconciliationId: null,
        customerId: null,
        [owner.field]: owner.id,
        createdAt,
        createdByUserId: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = { [owner.field]: owner.id, name: file.name, type: file.type, size: file.bytes.length, sha256 };
    await appendAudit(trx, user, { action: 'create', entity: 'attachment', entityId: id, after }, now);
    return {
      id,
      name: file.name,
      type: file.type,
      size: file.bytes.length,
      sha256,
      createdAt,
      createdByUserId: user.id,
      createdBy: nameOrEmail(user),
    };
  });
}

/** An attachment's owner, after the owner's access rule; 404 for an unknown id. */
async function readable(db: Db, id: number, user: Reader) {
  const row = await db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Attachment not found');
  const field = ATTACHMENT_OWNERS.find((f) => row[f] !== null)!;
  await checkOwner(db, { field, id: row[field]! }, user);
  return { row, owner: { field, id: row[field]! } };
}

/** The bytes, type and name of an attachment the user may read. */
export async function attachmentContent(
  db: Db,
  id: number,
  user: Reader,
): Promise<{ name: string; type: AttachmentType; content: Buffer }> {
  const { row } = await readable(db, id, user);
  const file = await db
    .selectFrom('attachmentFiles')
    .select(['type', 'content'])
    .where('sha256', '=', row.sha256)
    .executeTakeFirstOrThrow();
  return { name: row.name, type: file.type, content: file.content };
}

/** Deletes an attachment (its author or an admin), and its bytes when nothing else names them; audited. */
export async function deleteAttachment(db: Db, id: number, user: Actor & Reader): Promise<void> {
  const { row, owner } = await readable(db, id, user);
  if (row.createdByUserId !== user.id && user.role !== 'admin') throw forbidden('Only its author or an admin can delete this attachment');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('attachments').where('id', '=', id).execute();
    const other = await trx.selectFrom('attachments').select('id').where('sha256', '=', row.sha256).limit(1).executeTakeFirst();
    if (!other) await trx.deleteFrom('attachmentFiles').where('sha256', '=', row.sha256).execute();
    await appendAudit(trx, user, {
      action: 'delete',
      entity: 'attachment',
      entityId: id,
      before: { [owner.field]: owner.id, name: row.name, sha256: row.sha256 },
    });
  });
}
