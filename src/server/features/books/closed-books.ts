import type SQLite from 'better-sqlite3';
import { formatDay } from '../../../shared/display';
import type { BookClosesTable } from '../../db/books-tables';
import { perConnection } from '../../db/per-connection';
import { conflict } from '../../errors/domain-errors';

type BooksState = Pick<BookClosesTable, 'through' | 'closedBefore'>;

/** The books' state is the newest close or reopen: one lookup by primary key (decision 190). */
const statements = perConnection((q) => ({
  state: q<[], BooksState>(`select through, "closedBefore" from "bookCloses" order by id desc limit 1`),
}));

/** The refusal of a write into the closed period, naming the closed date. */
export const closedMessage = (through: string) =>
  `The books are closed through ${formatDay(through)}: nothing dated on or before it can be added, changed or removed`;

/**
 * The closed-period rule, in one place: a write that would change a balance dated (ISO instant) on or
 * before the closed day is refused with a 409 naming that day. Every balance-changing write calls it
 * with each date it touches, inside its own transaction, before it writes anything.
 */
export function refuseClosed(sqlite: SQLite.Database, ...dates: string[]): void {
  for (const date of dates) {
    const problem = closedProblem(sqlite, date);
    if (problem) throw conflict(problem);
  }
}

/** The message for a row dated into the closed period (imports report it as a bad row), or null. */
export function closedProblem(sqlite: SQLite.Database, date: string): string | null {
  const state = statements(sqlite).state.get();
  return state?.through && state.closedBefore && date < state.closedBefore ? closedMessage(state.through) : null;
}
