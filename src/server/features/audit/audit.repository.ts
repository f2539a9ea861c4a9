import type SQLite from 'better-sqlite3';
import { dayStartUtc, nextDay } from '../../../shared/dates';
import type { AuditEntity, AuditEntryView, AuditQuery } from '../../../shared/schemas/audit';
import { AUDIT_PAGE_SIZE } from '../../../shared/limits';
import { perConnection } from '../../db/per-connection';
import type { AuditRow, Db } from '../../db/types';

/** Who made a change: the signed-in user, or nobody (a failed sign-in with an unknown email). */
export interface Actor {
  id: number | null;
  email: string | null;
}

/** Writes made by the system itself (seeds, tests' fixtures): still audited, with no user. */
export const SYSTEM: Actor = { id: null, email: null };

/** The signed-in user of a request as the actor of its writes. */
export const actorOf = (user: { id: number; email: string }): Actor => ({ id: user.id, email: user.email });

/** One audit entry: what happened to which record, with its values before and after (decision 031). */
export interface AuditEntry {
  action: string;
  entity: AuditEntity;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

const row = (actor: Actor, entry: AuditEntry, at: string) => ({
  at,
  userId: actor.id,
  userEmail: actor.email,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId,
  before: json(entry.before),
  after: json(entry.after),
});

/** Appends an entry inside the caller's Kysely transaction (master data, users, sign-in). */
export async function appendAudit(db: Db, actor: Actor, entry: AuditEntry, now = new Date()): Promise<void> {
  await db
    .insertInto('auditLog')
    .values(row(actor, entry, now.toISOString()))
    .execute();
}

const insertAudit = perConnection((q) =>
  q<[ReturnType<typeof row>], never>(
    `insert into "auditLog" (at, "userId", "userEmail", action, entity, "entityId", before, after)
     values (@at, @userId, @userEmail, @action, @entity, @entityId, @before, @after)`,
  ),
);

/** Appends an entry inside the synchronous ledger transaction (better-sqlite3, no await). */
export function appendAuditSync(sqlite: SQLite.Database, actor: Actor, entry: AuditEntry, now = new Date()): void {
  insertAudit(sqlite).run(row(actor, entry, now.toISOString()));
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

const toView = (r: AuditRow): AuditEntryView => ({
  id: r.id,
  at: r.at,
  user: r.userId !== null && r.userEmail !== null ? { id: r.userId, email: r.userEmail } : null,
  action: r.action,
  entity: r.entity,
  entityId: r.entityId,
  before: parse(r.before),
  after: parse(r.after),
});

/** The admin's audit list: newest first, filtered, paged; list and count share one filter. */
export async function listAudit(db: Db, input: AuditQuery, timeZone: string): Promise<{ entries: AuditEntryView[]; totalCount: number }> {
  const { limit = AUDIT_PAGE_SIZE, offset = 0, entity, entityId, userId, startDate, endDate } = input ?? {};
  let q = db.selectFrom('auditLog');
  if (entity) q = q.where('entity', '=', entity);
  if (entityId !== undefined) q = q.where('entityId', '=', entityId);
  if (userId !== undefined) q = q.where('userId', '=', userId);
  if (startDate) q = q.where('at', '>=', dayStartUtc(startDate, timeZone));
  if (endDate) q = q.where('at', '<', dayStartUtc(nextDay(endDate), timeZone));
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { entries: rows.map(toView), totalCount: Number(count.n) };
}

/** One transaction's history, oldest first (bounded: a transaction has few changes). */
export async function transactionAudit(db: Db, transactionId: number): Promise<AuditEntryView[]> {
  const rows = await db
    .selectFrom('auditLog')
    .selectAll()
    .where('entity', '=', 'transaction')
    .where('entityId', '=', transactionId)
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map(toView);
}
