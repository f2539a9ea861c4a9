import { nameOrEmail } from '../../../shared/names';
import { NOTES_LIMIT, type NoteView } from '../../../shared/schemas/notes';
import type { Db } from '../../db/types';
import { forbidden, notFound } from '../../errors/domain-errors';
import { type Actor, appendAudit } from '../audit/audit.repository';

/** What a note is kept on: a customer or a casino. */
export type NoteOwner = { customerId: number } | { casinoId: number };

const ownerColumn = (owner: NoteOwner) => ('customerId' in owner ? 'customerId' : 'casinoId');
const ownerId = (owner: NoteOwner) => ('customerId' in owner ? owner.customerId : owner.casinoId);

async function requireOwner(db: Db, owner: NoteOwner): Promise<void> {
  const found =
    'customerId' in owner
      ? await db.selectFrom('customers').select('id').where('id', '=', owner.customerId).executeTakeFirst()
      : await db.selectFrom('casinos').select('id').where('id', '=', owner.casinoId).executeTakeFirst();
  if (!found) throw notFound('customerId' in owner ? 'Customer not found' : 'Casino not found');
}

/** The owner's notes, newest first, each with its author. */
export async function listNotes(db: Db, owner: NoteOwner): Promise<NoteView[]> {
  await requireOwner(db, owner);
  const rows = await db
    .selectFrom('notes as n')
    .innerJoin('users as u', 'u.id', 'n.createdByUserId')
    .select(['n.id', 'n.text', 'n.createdAt', 'n.createdByUserId', 'u.firstName', 'u.lastName', 'u.email'])
    .where(`n.${ownerColumn(owner)}`, '=', ownerId(owner))
    .orderBy('n.id', 'desc')
    .limit(NOTES_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    createdAt: r.createdAt,
    createdByUserId: r.createdByUserId,
    createdBy: nameOrEmail(r),
  }));
}

/** Adds a note with its audit entry, in one transaction; answers it as the list shows it. */
export async function addNote(
  db: Db,
  owner: NoteOwner,
  text: string,
  user: Actor & { id: number; firstName: string | null; lastName: string | null; email: string },
  now = new Date(),
): Promise<NoteView> {
  await requireOwner(db, owner);
  return db.transaction().execute(async (trx) => {
    const createdAt = now.toISOString();
    const { id } = await trx
      .insertInto('notes')
      .values({ customerId: null, casinoId: null, ...owner, text, createdAt, createdByUserId: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendAudit(trx, user, { action: 'create', entity: 'note', entityId: id, after: { ...owner, text } }, now);
    return { id, text, createdAt, createdByUserId: user.id, createdBy: nameOrEmail(user) };
  });
}

/** Deletes a note: its author or an admin may. Audited with the text it held. */
export async function deleteNote(db: Db, id: number, user: Actor & { id: number; role: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const note = await trx.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirst();
    if (!note) throw notFound('Note not found');
    if (note.createdByUserId !== user.id && user.role !== 'admin') throw forbidden('Only its author or an admin can delete this note');
    await trx.deleteFrom('notes').where('id', '=', id).execute();
    const owner = note.customerId !== null ? { customerId: note.customerId } : { casinoId: note.casinoId };
    await appendAudit(trx, user, { action: 'delete', entity: 'note', entityId: id, before: { ...owner, text: note.text } });
  });
}
