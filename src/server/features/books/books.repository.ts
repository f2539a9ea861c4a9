import { dayStartUtc, localDay, nextDay } from '../../../shared/dates';
import { formatDay } from '../../../shared/display';
import { nameOrEmail } from '../../../shared/names';
import { BOOKS_HISTORY_LIMIT, type BooksAction, type BooksState } from '../../../shared/schemas/books';
import type { Db } from '../../db/types';
import { conflict, fieldError } from '../../errors/domain-errors';
import { type Actor, appendAudit } from '../audit/audit.repository';

const current = (db: Db) =>
  db.selectFrom('bookCloses').select(['through', 'closedBefore']).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** The closed day (or null), the instant it ends, and the closes and reopens, newest first. */
export async function getBooks(db: Db): Promise<BooksState> {
  const [state, rows] = await Promise.all([
    current(db),
    db
      .selectFrom('bookCloses as b')
      .innerJoin('users as u', 'u.id', 'b.byUserId')
      .select(['b.action', 'b.through', 'b.at', 'b.note', 'u.firstName', 'u.lastName', 'u.email'])
      .orderBy('b.id', 'desc')
      .limit(BOOKS_HISTORY_LIMIT)
      .execute(),
  ]);
  return {
    closedThrough: state?.through ?? null,
    closedBefore: state?.closedBefore ?? null,
    history: rows.map((r) => ({ action: r.action, through: r.through, at: r.at, by: nameOrEmail(r), note: r.note })),
  };
}

type Person = { id: number; email: string; firstName: string | null; lastName: string | null };

/** Appends a close or a reopen, with its audit entry, in one transaction. */
async function record(
  db: Db,
  user: Person,
  action: 'close' | 'reopen',
  through: string | null,
  note: string | null,
  timeZone: string,
  check: (closedThrough: string | null) => void,
  now: Date,
): Promise<BooksAction> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const before = (await current(trx))?.through ?? null;
    check(before);
    const closedBefore = through === null ? null : dayStartUtc(nextDay(through), timeZone);
    await trx.insertInto('bookCloses').values({ action, through, closedBefore, at, byUserId: user.id, note }).execute();
    const actor: Actor = { id: user.id, email: user.email };
    await appendAudit(
      trx,
      actor,
      { action, entity: 'books', entityId: null, before: { closedThrough: before }, after: { closedThrough: through, note } },
      now,
    );
    return { closedThrough: through, closedAt: at, closedBy: nameOrEmail(user) };
  });
}

/**
 * Closes the books through `through` (decision 190): a day before today in the office, and not before
 * the current close. Every balance-changing write dated on or before it is refused from then on.
 */
export function closeBooks(db: Db, user: Person, through: string, note: string | null, timeZone: string, now = new Date()) {
  const today = localDay(now, timeZone);
  return record(
    db,
    user,
    'close',
    through,
    note,
    timeZone,
    (closed) => {
      if (through >= today) throw fieldError('through', `Close through a day before today (${formatDay(today)})`);
      if (closed && through < closed)
        throw fieldError('through', `The books are already closed through ${formatDay(closed)}; reopen them first`);
    },
    now,
  );
}

/** Moves the close back to an earlier day, or to nothing; the reason is kept in the history and the audit trail. */
export function reopenBooks(db: Db, user: Person, through: string | null, reason: string, timeZone: string, now = new Date()) {
  return record(
    db,
    user,
    'reopen',
    through,
    reason,
    timeZone,
    (closed) => {
      if (!closed) throw conflict('The books are not closed');
      if (through !== null && through >= closed)
        throw fieldError('through', `Reopen to a day before ${formatDay(closed)}, the current close`);
    },
    now,
  );
}
