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

export const booksAction = z.object({ closedThrough: z.string().nullable(), closedAt: z.string(), closedBy: z.string() });
export type BooksAction = z.infer<typeof booksAction>;

const booksHistoryEntry = z.object({
  action: z.enum(['close', 'reopen']),
  through: z.string().nullable(),
  at: z.string(),
  by: z.string(),
  note: z.string().nullable(),
});
export type BooksHistoryEntry = z.infer<typeof booksHistoryEntry>;

export const booksState = z.object({
  closedThrough: z.string().nullable(),
  /** The instant the day after `closedThrough` began in the office: an entry dated before it is locked. */
  closedBefore: z.string().nullable(),
  history: z.array(booksHistoryEntry),
});
export type BooksState = z.infer<typeof booksState>;

/** How many closes and reopens GET /api/books answers, newest first. */
export const BOOKS_HISTORY_LIMIT = 200;
