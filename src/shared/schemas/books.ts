import { z } from 'zod';
import { day, nameField, optionalText } from './common';

/** Close the books through an office day (admins; decision 190). */
export const closeBooksInput = z.strictObject({
  through: day,
  note: optionalText(500).optional(),
});

/** Move the close back to an earlier day, or to nothing (`null`), saying why. */
export const reopenBooksInput = z.strictObject({
  through: day.nullable(),
  reason: nameField('A reason is required', 500),
});

export interface BooksAction {
  closedThrough: string | null;
  closedAt: string;
  closedBy: string;
}

export interface BooksHistoryEntry {
  action: 'close' | 'reopen';
  through: string | null;
  at: string;
  by: string;
  note: string | null;
}

export interface BooksState {
  closedThrough: string | null;
  /** The instant the day after `closedThrough` began in the office: an entry dated before it is locked. */
  closedBefore: string | null;
  history: BooksHistoryEntry[];
}

/** How many closes and reopens GET /api/books answers, newest first. */
export const BOOKS_HISTORY_LIMIT = 200;
